package io.headroom.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** Immutable copies that keep the order keys were written in, so records re-encode as read. */
final class OrderedMaps {
  private OrderedMaps() {}

  static <V> Map<String, V> copy(Map<String, V> map) {
    return map == null || map.isEmpty() ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(map));
  }
}

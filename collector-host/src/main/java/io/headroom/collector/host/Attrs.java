package io.headroom.collector.host;

import java.util.Map;

/** Entity attribute helpers: absent or empty sysfs values are left out, not written as "". */
final class Attrs {
  private Attrs() {}

  static void putIf(Map<String, Object> attrs, String key, String value) {
    if (value != null && !value.isEmpty()) {
      attrs.put(key, value);
    }
  }
}

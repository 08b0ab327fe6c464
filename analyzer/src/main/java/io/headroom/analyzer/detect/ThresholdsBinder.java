package io.headroom.analyzer.detect;

import com.fasterxml.jackson.databind.JsonNode;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads thresholds from the testbed file's {@code detection.thresholds} (or a file given to
 * {@code analyze --thresholds}): snake_case keys named after the record's components
 * ({@code pcie_practical: 0.85}), each overriding its default. Unknown keys and values out of
 * range are refused, named by key.
 */
public final class ThresholdsBinder {
  private ThresholdsBinder() {}

  /** @param where names the section in errors, e.g. "lab.yaml: detection.thresholds" */
  public static Thresholds bind(JsonNode node, String where) {
    Thresholds defaults = Thresholds.defaults();
    if (node == null || node.isMissingNode() || node.isNull()) {
      return defaults;
    }
    if (!node.isObject()) {
      throw new IllegalArgumentException(where + ": must be a mapping of threshold names to numbers");
    }
    RecordComponent[] components = Thresholds.class.getRecordComponents();
    Map<String, Integer> index = new TreeMap<>();
    for (int i = 0; i < components.length; i++) {
      index.put(snake(components[i].getName()), i);
    }
    Object[] values = new Object[components.length];
    for (int i = 0; i < components.length; i++) {
      values[i] = value(components[i], defaults);
    }
    List<String> problems = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> f = it.next();
      Integer i = index.get(f.getKey());
      if (i == null) {
        problems.add(f.getKey() + ": unknown threshold (known: " + String.join(", ", index.keySet()) + ")");
      } else if (!f.getValue().isNumber()) {
        problems.add(f.getKey() + ": must be a number, got " + f.getValue());
      } else {
        values[i] = f.getValue().asDouble();
      }
    }
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(where + ": " + String.join("; ", problems));
    }
    try {
      return construct(values).validate();
    } catch (IllegalArgumentException e) {
      // validate() names the component ("cpuBusy must be ..."); the file says cpu_busy
      String message = e.getMessage();
      int space = message.indexOf(' ');
      throw new IllegalArgumentException(where + "." + snake(message.substring(0, space)) + message.substring(space), e);
    }
  }

  static String snake(String camel) {
    return camel.replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
  }

  private static Object value(RecordComponent c, Thresholds t) {
    try {
      return c.getAccessor().invoke(t);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot read threshold " + c.getName(), e);
    }
  }

  private static Thresholds construct(Object[] values) {
    Class<?>[] types = new Class<?>[values.length];
    java.util.Arrays.fill(types, double.class);
    try {
      return Thresholds.class.getDeclaredConstructor(types).newInstance(values);
    } catch (java.lang.reflect.InvocationTargetException e) {
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot make thresholds", e);
    }
  }
}

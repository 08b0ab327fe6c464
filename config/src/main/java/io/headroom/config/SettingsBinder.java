package io.headroom.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * Binds a section of the testbed file onto a source's immutable config record, so no source
 * hand-parses {@link JsonNode}. Keys are the record's component names in snake_case
 * ({@code procRoot} is {@code proc_root}); a nested mapping binds onto a nested record, a list onto
 * a {@code List}, a mapping of names onto a {@code Map<String, T>}.
 *
 * <p>An absent key arrives as null (or as the value of a defaults instance, where one is given,
 * nested records included), so a record fills its defaults in its compact constructor. Values of the wrong type, unknown
 * keys and whatever a record's {@code List<String> validate()} says are all collected, each named
 * by its full key ({@code tls.pin_sha256: must be 64 hex digits}; an unknown key by the mapping that
 * holds it and the nearest known key, {@link DidYouMean}), and reported at once.
 *
 * <p>Component types: String, Integer, Long, Double, Boolean (or their primitives: then the key is
 * required unless a defaults instance gives it), {@link Duration} ("5s"), {@link Path} (resolved
 * against the testbed file's directory), {@link URI}, enums (by name, case and '-' ignored),
 * {@code List<T>}, {@code Map<String, T>} (insertion order kept), Object (a number, boolean or
 * string), {@link JsonNode} (as written, for a source that reads it itself) and records.
 */
public final class SettingsBinder {
  private final Path baseDir;
  private final List<String> problems = new ArrayList<>();

  private SettingsBinder(Path baseDir) {
    this.baseDir = baseDir;
  }

  /**
   * @param where names the section in the error, e.g. "host source of h1"
   * @throws ConfigException listing every problem, each with its key
   */
  public static <R extends Record> R bind(JsonNode node, Class<R> type, Path baseDir, String where)
      throws ConfigException {
    return bind(node, type, null, baseDir, where);
  }

  /** As {@link #bind(JsonNode, Class, Path, String)}; absent keys take {@code defaults}' values. */
  public static <R extends Record> R bind(JsonNode node, Class<R> type, R defaults, Path baseDir, String where)
      throws ConfigException {
    Bound<R> bound = tryBind(node, type, defaults, baseDir);
    if (!bound.problems().isEmpty()) {
      throw new ConfigException(where + ": " + String.join("; ", bound.problems()));
    }
    return bound.value();
  }

  /**
   * The record and every problem found, for a caller that checks more (the rest of a file) and
   * reports it all at once. {@code value} is null when the section was refused as a whole; its
   * refused keys are null (their defaults) otherwise.
   */
  public static <R extends Record> Bound<R> tryBind(JsonNode node, Class<R> type, R defaults, Path baseDir) {
    SettingsBinder binder = new SettingsBinder(baseDir);
    R out = binder.record(node, type, defaults, "");
    // a record that also checks its nested records says what the binder said of them: once is enough
    return new Bound<>(out, List.copyOf(new java.util.LinkedHashSet<>(binder.problems)));
  }

  /** What {@link #tryBind} made of a section. */
  public record Bound<R>(R value, List<String> problems) {}

  /** {@code procRoot} -> {@code proc_root}: how a component is spelt in the file. */
  public static String snake(String camel) {
    return camel.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
  }

  private <R extends Record> R record(JsonNode node, Class<R> type, R defaults, String at) {
    if (node != null && !node.isNull() && !node.isMissingNode() && !node.isObject()) {
      problems.add(label(at) + ": must be a mapping (keys: " + keys(type) + ")");
      return null;
    }
    RecordComponent[] components = type.getRecordComponents();
    rejectUnknown(node, type, at);
    Object[] values = new Object[components.length];
    List<String> refused = new ArrayList<>();
    for (int i = 0; i < components.length; i++) {
      RecordComponent c = components[i];
      String key = snake(c.getName());
      JsonNode v = node == null ? null : node.get(key);
      int before = problems.size();
      Object fallback = defaults == null ? null : read(c.getAccessor(), defaults);
      if (v == null || v.isNull()) {
        values[i] = defaults == null ? absent(c, at + key) : fallback;
      } else if (fallback instanceof Record nestedDefaults) {
        // a section written in part keeps the defaults of the keys it leaves out
        values[i] = nested(v, nestedDefaults, at + key + ".");
      } else {
        values[i] = value(v, c.getGenericType(), at + key);
      }
      if (problems.size() > before && values[i] == null) {
        refused.add(key); // refused as a whole: the record sees null (its default)
      }
    }
    if (missingPrimitive(components, values)) {
      return null;
    }
    // Built and validated even when a key was refused (it is null, so its default): the record's
    // own checks of the other keys still run, and the person sees every problem in one go.
    R out = construct(type, values, at);
    if (out != null) {
      for (String p : validate(out)) {
        if (!aboutRefusedKey(p, refused)) {
          problems.add(at + p);
        }
      }
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private <N extends Record> N nested(JsonNode v, N defaults, String at) {
    return record(v, (Class<N>) defaults.getClass(), defaults, at);
  }

  /** A refused key is null in the record; its "required" from validate() would only repeat the refusal. */
  private static boolean aboutRefusedKey(String problem, List<String> refused) {
    for (String key : refused) {
      if (problem.startsWith(key + ":") || problem.startsWith(key + ".") || problem.startsWith(key + "[")) {
        return true;
      }
    }
    return false;
  }

  private static boolean missingPrimitive(RecordComponent[] components, Object[] values) {
    for (int i = 0; i < components.length; i++) {
      if (values[i] == null && components[i].getType().isPrimitive()) {
        return true;
      }
    }
    return false;
  }

  private void rejectUnknown(JsonNode node, Class<?> type, String at) {
    if (node == null || !node.isObject()) {
      return;
    }
    TreeSet<String> known = keys(type);
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (!known.contains(key)) {
        // the mapping that holds it, then the key quoted: "disks.sda: unknown key 'iosp'; did you mean 'iops'?"
        problems.add((at.isEmpty() ? "" : label(at) + ": ") + DidYouMean.unknownKey(key, known));
      }
    }
  }

  private Object absent(RecordComponent c, String at) {
    if (c.getType().isPrimitive()) {
      problems.add(at + ": required");
    }
    return null;
  }

  private Object value(JsonNode v, Type type, String at) {
    Class<?> raw = raw(type);
    if (raw == String.class) {
      return v.isTextual() ? v.asText() : wrong(at, "a string", v);
    }
    if (raw == Integer.class || raw == int.class || raw == Long.class || raw == long.class) {
      return integral(v, raw, at);
    }
    if (raw == Double.class || raw == double.class) {
      return v.isNumber() && Double.isFinite(v.asDouble()) ? v.asDouble() : wrong(at, "a number", v);
    }
    if (raw == Boolean.class || raw == boolean.class) {
      return v.isBoolean() ? v.asBoolean() : wrong(at, "true or false", v);
    }
    if (raw == Duration.class) {
      return duration(v, at);
    }
    if (raw == Path.class) {
      return v.isTextual() && !v.asText().isBlank() ? baseDir.resolve(v.asText()) : wrong(at, "a path", v);
    }
    if (raw == URI.class) {
      return uri(v, at);
    }
    if (raw == JsonNode.class) {
      return v;
    }
    if (raw == Object.class) {
      return scalar(v, at);
    }
    if (raw.isEnum()) {
      return enumValue(v, raw, at);
    }
    if (raw == List.class) {
      return list(v, ((ParameterizedType) type).getActualTypeArguments()[0], at);
    }
    if (raw == Map.class) {
      return map(v, ((ParameterizedType) type).getActualTypeArguments()[1], at);
    }
    if (raw.isRecord()) {
      return record(v, raw.asSubclass(Record.class), null, at + ".");
    }
    throw new IllegalStateException("SettingsBinder cannot bind a " + type.getTypeName() + " (" + at + ")");
  }

  private Object integral(JsonNode v, Class<?> raw, String at) {
    boolean isInt = raw == Integer.class || raw == int.class;
    if (!v.isIntegralNumber() || (isInt ? !v.canConvertToInt() : !v.canConvertToLong())) {
      return wrong(at, "a whole number", v);
    }
    return isInt ? (Object) v.asInt() : (Object) v.asLong();
  }

  private Object duration(JsonNode v, String at) {
    if (!v.isTextual()) {
      return wrong(at, "a duration (500ms, 5s, 2m, 1h)", v);
    }
    try {
      return Durations.parse(v.asText());
    } catch (IllegalArgumentException e) {
      problems.add(at + ": " + e.getMessage());
      return null;
    }
  }

  /** The value is not echoed: a URL may carry a token. */
  private Object uri(JsonNode v, String at) {
    if (!v.isTextual()) {
      return wrong(at, "a URL", v);
    }
    try {
      URI uri = new URI(v.asText().trim());
      if (uri.getScheme() == null || uri.getHost() == null) {
        problems.add(at + ": not a URL with a scheme and a host (write e.g. https://bmc.example)");
        return null;
      }
      return uri;
    } catch (URISyntaxException e) {
      problems.add(at + ": not a URL (" + e.getReason() + ")");
      return null;
    }
  }

  private Object scalar(JsonNode v, String at) {
    if (v.isNumber()) {
      return v.numberValue();
    }
    if (v.isBoolean()) {
      return v.booleanValue();
    }
    return v.isTextual() ? v.asText() : wrong(at, "a number, boolean or string", v);
  }

  private Object enumValue(JsonNode v, Class<?> raw, String at) {
    List<String> names = Arrays.stream(raw.getEnumConstants()).map(SettingsBinder::enumName).toList();
    if (v.isTextual()) {
      for (Object constant : raw.getEnumConstants()) {
        if (enumName(constant).equals(v.asText().trim().toLowerCase(Locale.ROOT).replace('-', '_'))) {
          return constant;
        }
      }
    }
    problems.add(at + ": must be one of " + names + ", not " + v);
    return null;
  }

  private static String enumName(Object constant) {
    return ((Enum<?>) constant).name().toLowerCase(Locale.ROOT);
  }

  private Object list(JsonNode v, Type element, String at) {
    if (!v.isArray()) {
      return wrong(at, "a list", v);
    }
    List<Object> out = new ArrayList<>();
    int before = problems.size();
    for (int i = 0; i < v.size(); i++) {
      out.add(value(v.get(i), element, at + "[" + i + "]"));
    }
    // an element refused is a null the record would trip on: the list is refused as a whole
    return problems.size() > before ? null : Collections.unmodifiableList(out);
  }

  private Object map(JsonNode v, Type valueType, String at) {
    if (!v.isObject()) {
      return wrong(at, "a mapping", v);
    }
    Map<String, Object> out = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> f = it.next();
      out.put(f.getKey(), f.getValue().isNull() ? null : value(f.getValue(), valueType, at + "." + f.getKey()));
    }
    return Collections.unmodifiableMap(out);
  }

  /** The value is named only by its JSON type: strings may be secrets. */
  private Object wrong(String at, String expected, JsonNode v) {
    problems.add(at + ": must be " + expected + ", not " + describe(v));
    return null;
  }

  private static String describe(JsonNode v) {
    if (v.isTextual()) {
      return "a string";
    }
    if (v.isObject()) {
      return "a mapping";
    }
    if (v.isArray()) {
      return "a list";
    }
    return v.toString();
  }

  private <R extends Record> R construct(Class<R> type, Object[] values, String at) {
    Class<?>[] types = Arrays.stream(type.getRecordComponents()).map(RecordComponent::getType).toArray(Class<?>[]::new);
    try {
      Constructor<R> ctor = type.getDeclaredConstructor(types);
      ctor.setAccessible(true);
      return ctor.newInstance(values);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof IllegalArgumentException bad) {
        problems.add(label(at) + ": " + bad.getMessage());
        return null;
      }
      throw new IllegalStateException("cannot make " + type.getSimpleName(), e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot make " + type.getSimpleName(), e);
    }
  }

  /** A record's own {@code List<String> validate()}, where it has one. */
  @SuppressWarnings("unchecked")
  private static List<String> validate(Record r) {
    try {
      Method m = r.getClass().getDeclaredMethod("validate");
      if (m.getReturnType() != List.class) {
        return List.of();
      }
      m.setAccessible(true);
      return (List<String>) m.invoke(r);
    } catch (NoSuchMethodException e) {
      return List.of();
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("validate() of " + r.getClass().getSimpleName() + " failed", e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot validate " + r.getClass().getSimpleName(), e);
    }
  }

  private static Object read(Method accessor, Record from) {
    try {
      accessor.setAccessible(true);
      return accessor.invoke(from);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot read " + accessor.getName(), e);
    }
  }

  private static TreeSet<String> keys(Class<?> type) {
    TreeSet<String> out = new TreeSet<>();
    for (RecordComponent c : type.getRecordComponents()) {
      out.add(snake(c.getName()));
    }
    return out;
  }

  private static Class<?> raw(Type type) {
    return type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) type;
  }

  private static String label(String at) {
    return at.isEmpty() ? "settings" : at.endsWith(".") ? at.substring(0, at.length() - 1) : at;
  }
}

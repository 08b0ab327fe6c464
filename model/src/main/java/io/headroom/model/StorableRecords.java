package io.headroom.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@link StorableText}'s rule applied to every text field of a record: keys and names (ids, kinds,
 * metric names, run and phase names) by {@link StorableText#keyProblem}, attributes and workload
 * descriptions (stored as jsonb) by {@link StorableText#contentProblem}. Each problem is named by
 * its field: {@code id: contains a NUL character ...}.
 */
public final class StorableRecords {
  private StorableRecords() {}

  /** What keeps {@code record} out of the database; empty when it can be stored. */
  public static List<String> problems(RecordingRecord record) {
    List<String> out = new ArrayList<>();
    if (record instanceof Entity e) {
      key("id", e.id(), out);
      key("kind", e.kind(), out);
      key("name", e.name(), out);
      content("attrs", e.attrs(), out);
      content("capacity", e.capacity(), out);
    } else if (record instanceof Relation r) {
      key("from", r.from(), out);
      key("rel", r.rel(), out);
      key("to", r.to(), out);
    } else if (record instanceof Sample s) {
      key("entity", s.entity(), out);
      key("metric", s.metric(), out);
    } else if (record instanceof Run r) {
      key("run", r.run(), out);
      key("testbed", r.testbed(), out);
      content("workload", r.workload(), out);
    } else if (record instanceof Phase p) {
      key("run", p.run(), out);
      key("name", p.name(), out);
    }
    return out;
  }

  /** Why {@code value} cannot be stored as a key or name called {@code field}; adds nothing when it can. */
  public static void key(String field, String value, List<String> out) {
    String p = value == null ? null : StorableText.keyProblem(value);
    if (p != null) {
      out.add(field + ": " + p);
    }
  }

  /**
   * Why a jsonb value called {@code field} (a string, or map keys and string values at any depth)
   * cannot be stored; adds nothing when it can.
   */
  public static void content(String field, Object value, List<String> out) {
    if (value instanceof String s) {
      String p = StorableText.contentProblem(s);
      if (p != null) {
        out.add(field + ": " + p);
      }
    } else if (value instanceof Map<?, ?> map) {
      for (Map.Entry<?, ?> e : map.entrySet()) {
        String name = String.valueOf(e.getKey());
        String p = StorableText.contentProblem(name);
        if (p != null) {
          out.add(field + " key " + StorableText.quote(name) + ": " + p);
        } else {
          content(field + "." + name, e.getValue(), out);
        }
      }
    } else if (value instanceof List<?> list) {
      for (int i = 0; i < list.size(); i++) {
        content(field + "[" + i + "]", list.get(i), out);
      }
    }
  }
}

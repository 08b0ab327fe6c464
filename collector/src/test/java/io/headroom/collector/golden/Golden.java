package io.headroom.collector.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.headroom.collector.source.Discovery;
import io.headroom.collector.source.Scrape;
import io.headroom.model.Entity;
import io.headroom.model.MetricDef;
import io.headroom.model.Relation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The golden-file form every source's tests share: a case folder holds the input (a captured
 * tree, recorded responses), the settings, and the expected output, {@code expected/discover.txt}
 * (what {@code discover} finds), {@code expected/scrape2.txt} (the readings of the second scrape,
 * the first only primes the counters) or {@code expected/error.txt}. Outputs are rendered sorted
 * so a diff shows what changed, not where.
 *
 * <p>With {@code -Dheadroom.golden.update=true} the files are written from the output and the
 * test then fails, asking for the diff to be reviewed: an update never passes, not even when
 * nothing changed.
 */
public final class Golden {
  private Golden() {}

  public static String render(Discovery d) {
    StringBuilder sb = new StringBuilder("# entities\n");
    d.entities().stream().sorted((a, b) -> a.id().compareTo(b.id())).forEach(e -> sb.append(line(e)).append('\n'));
    sb.append("# relations\n");
    d.relations().stream().map(Relation::key).sorted().forEach(r -> sb.append(r).append('\n'));
    sb.append("# degraded\n");
    d.degraded().forEach(l -> sb.append(l).append('\n'));
    sb.append("# problems\n");
    d.problems().stream().sorted().forEach(l -> sb.append(l).append('\n'));
    if (!d.notes().isEmpty()) { // only where a source notes something, so other cases' files stand
      sb.append("# notes\n");
      d.notes().forEach(l -> sb.append(l).append('\n'));
    }
    return sb.toString();
  }

  /** "ENTITY METRIC VALUE" per reading, sorted, then the scrape's problems. */
  public static String render(Scrape s) {
    List<String> lines = new ArrayList<>();
    for (var e : s.readings().entrySet()) {
      for (Scrape.Reading r : e.getValue()) {
        lines.add(e.getKey() + " " + r.metric() + " " + r.value());
      }
    }
    lines.sort(null);
    lines.add("# problems");
    lines.addAll(s.problems());
    return String.join("\n", lines) + "\n";
  }

  /**
   * Every reading of a scrape is one of the source's own declarations, on an entity of a kind the
   * declaration names (the entity from the scrape or, for sources that report entities only when
   * the topology is walked, from discovery). Names are typed at compile time
   * ({@code TypedNamesArchitectureTest}); this catches a source emitting another source's
   * declaration, or a declaration on a kind it does not list.
   */
  public static void assertDeclared(Discovery discovered, Scrape scrape, List<MetricDef> declared) {
    Map<String, MetricDef> byName = new TreeMap<>();
    declared.forEach(m -> byName.put(m.name(), m));
    Map<String, String> kinds = new TreeMap<>();
    discovered.entities().forEach(e -> kinds.put(e.id(), e.kind()));
    scrape.entities().forEach(e -> kinds.put(e.id(), e.kind()));
    List<String> wrong = new ArrayList<>();
    for (var e : scrape.readings().entrySet()) {
      String kind = kinds.get(e.getKey());
      for (Scrape.Reading r : e.getValue()) {
        MetricDef m = byName.get(r.metric());
        if (m == null) {
          wrong.add(e.getKey() + " " + r.metric() + ": not declared by this source");
        } else if (kind == null) {
          wrong.add(e.getKey() + " " + r.metric() + ": on an entity the source never reported");
        } else if (!m.kinds().contains(kind)) {
          wrong.add(e.getKey() + " " + r.metric() + ": on a " + kind + ", declared for " + m.kindsText());
        }
      }
    }
    assertEquals(List.of(), wrong, "readings against the source's declarations");
  }

  private static String line(Entity e) {
    Map<String, Object> attrs = new TreeMap<>(e.attrs());
    return e.id() + " " + e.kind() + " capacity=" + new TreeMap<>(e.capacity()) + " attrs=" + attrs;
  }

  /**
   * Compares with the expected file. In update mode it writes the file and fails, changed or not:
   * comparing the file just written with the output it was written from could not fail, so an
   * update never passes, and the run without the flag is the check.
   */
  public static void check(Path expectedFile, String actual) throws IOException {
    check(expectedFile, actual, Boolean.getBoolean("headroom.golden.update"));
  }

  /**
   * Several expected files of one case, checked as one: in update mode every file is written
   * before the case fails, so a case whose first file changed still gets its later ones (a
   * remote case's scrape after its discover) instead of stopping at the first.
   */
  public static void checkAll(Map<Path, String> expectedFiles) throws IOException {
    checkAll(expectedFiles, Boolean.getBoolean("headroom.golden.update"));
  }

  static void checkAll(Map<Path, String> expectedFiles, boolean update) throws IOException {
    java.util.List<String> written = new java.util.ArrayList<>();
    for (Map.Entry<Path, String> e : expectedFiles.entrySet()) {
      try {
        check(e.getKey(), e.getValue(), update);
      } catch (AssertionError failure) {
        if (!update) {
          throw failure;
        }
        written.add(failure.getMessage());
      }
    }
    if (!written.isEmpty()) {
      fail(String.join("\n", written));
    }
  }

  static void check(Path expectedFile, String actual, boolean update) throws IOException {
    if (update) {
      String before = Files.exists(expectedFile) ? Files.readString(expectedFile) : null;
      Files.createDirectories(expectedFile.getParent());
      Files.writeString(expectedFile, actual);
      fail("golden file " + (actual.equals(before) ? "rewritten unchanged: " : "written: ") + expectedFile
          + "; review its diff (git diff) and run again without -Dheadroom.golden.update");
    }
    assertEquals(Files.readString(expectedFile), actual, expectedFile.toString());
  }
}

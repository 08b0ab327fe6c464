package io.headroom.app.report;

import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.data.Window;
import io.headroom.analyzer.detect.DataPath;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.LimitGroup;
import io.headroom.model.Phase;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the report's data-path diagram and its PDF table show: the entities on the run's data path
 * (on the path of any of its phases, as the analyzer found it per phase), each one's share of its
 * practical ceiling where it was on the path (the limit's: in the phase the headline quotes), the
 * entities with a reading that no phase's data crossed, and the limit (the run's entity, or the
 * members of its group at their ceiling).
 */
record PathView(Set<String> onPath, Map<String, Double> share, Set<String> implausible, List<HeadroomEntry> offPath,
    Set<String> limit) {

  static PathView of(RunData data, String runId, Verdict v, double start, double end) {
    Set<String> on = new TreeSet<>();
    List<Phase> phases = runId == null ? List.of() : data.phasesOf(runId);
    if (phases.isEmpty()) {
      on.addAll(DataPath.of(data, new Window("run", start, end)).members());
    }
    for (Phase p : phases) {
      on.addAll(DataPath.of(data, new Window(p.name(), p.start(), p.end() == null ? end : p.end())).members());
    }
    on.removeIf(id -> data.entity(id) == null);
    Map<String, Double> share = new HashMap<>();
    Set<String> implausible = new TreeSet<>();
    for (PhaseVerdict p : v.phases()) {
      for (HeadroomEntry h : p.headroom()) {
        if (h.onPath() && !h.implausible()) {
          share.merge(h.entity(), h.utilization(), Math::max);
        } else if (h.implausible() && on.contains(h.entity())) {
          implausible.add(h.entity());
        }
      }
    }
    // a verdict without phases (one window): its own rows
    for (HeadroomEntry h : v.headroom()) {
      if (on.contains(h.entity()) && !h.implausible()) {
        share.putIfAbsent(h.entity(), h.utilization());
      }
    }
    implausible.removeAll(share.keySet());
    List<HeadroomEntry> off = v.headroom().stream().filter(h -> !on.contains(h.entity())).toList();
    Set<String> limit = limitOf(v);
    // the limit reads the figure the headline quotes (its phase's), not the most another phase took:
    // S4's link is 104% in the sentence and the table, and was drawn 105% (perc1-seqwrite's)
    PhaseVerdict quoted = LimitSentence.quotedPhase(v);
    if (quoted != null) {
      quoted.headroom().stream().filter(h -> limit.contains(h.entity()) && h.onPath() && !h.implausible())
          .forEach(h -> share.put(h.entity(), h.utilization()));
    }
    return new PathView(on, share, implausible, off, limit);
  }

  /** The run's entity, and the members at their ceiling of the group it belongs to in the phase quoted. */
  static Set<String> limitOf(Verdict v) {
    Set<String> limit = new LinkedHashSet<>();
    if (v.entity() == null) {
      return limit;
    }
    limit.add(v.entity());
    PhaseVerdict quoted = LimitSentence.quotedPhase(v);
    LimitGroup g = quoted == null ? null : quoted.group();
    if (g != null && g.atCeiling() >= 2 && g.entities().contains(v.entity())) {
      limit.addAll(g.entities().subList(0, Math.min(g.atCeiling(), g.entities().size())));
    }
    return limit;
  }

  /** The entity's share of its practical ceiling on the path, empty when it has no ceiling or no reading. */
  OptionalDouble shareOf(String id) {
    Double s = share.get(id);
    return s == null ? OptionalDouble.empty() : OptionalDouble.of(s);
  }
}

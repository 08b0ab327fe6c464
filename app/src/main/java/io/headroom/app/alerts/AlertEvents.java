package io.headroom.app.alerts;

import io.headroom.model.Bottleneck;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * The alert events one verdict change makes: the run's, if its judgement moved, and each phase's
 * that moved. A run or phase with too few readings to be judged (no class) announces nothing; the
 * first class it gets is announced as a change from "not judged".
 */
final class AlertEvents {
  private AlertEvents() {}

  static List<AlertEvent> of(String testbed, Verdict previous, Verdict current, Instant at) {
    List<AlertEvent> out = new ArrayList<>();
    if (current.bottleneck() != null && (previous == null || previous.bottleneck() != current.bottleneck()
        || !Objects.equals(previous.entity(), current.entity()))) {
      out.add(new AlertEvent(id(), AlertEvent.Kind.VERDICT_CHANGED, testbed, current.run(), null,
          current.bottleneck().name(), current.entity(), current.confidence(),
          previous == null ? null : judgement(previous.bottleneck(), named(previous.limit(), previous.entity())),
          current.evidence(), at, current.limit()));
    }
    Map<String, PhaseVerdict> before = new HashMap<>();
    if (previous != null) {
      previous.phases().forEach(p -> before.put(p.name(), p));
    }
    for (PhaseVerdict p : current.phases()) {
      PhaseVerdict old = before.get(p.name());
      if (p.bottleneck() != null
          && (old == null || old.bottleneck() != p.bottleneck() || !Objects.equals(old.entity(), p.entity()))) {
        out.add(new AlertEvent(id(), AlertEvent.Kind.PHASE_CHANGED, testbed, current.run(), p.name(),
            p.bottleneck().name(), p.entity(), p.confidence(),
            old == null ? null : judgement(old.bottleneck(), named(old.limit(), old.entity())), p.evidence(), at,
            p.limit()));
      }
    }
    return out;
  }

  private static String named(String limit, String entity) {
    return limit != null ? limit : entity;
  }

  static String judgement(Bottleneck bottleneck, String entity) {
    return bottleneck == null ? "not judged" : bottleneck.name() + (entity == null ? "" : " on " + entity);
  }

  /** Standard Webhooks message ids: unique per event, the same on every retry of it. */
  static String id() {
    return "msg_" + UUID.randomUUID().toString().replace("-", "");
  }
}

package io.headroom.app.alerts;

import java.time.Instant;
import java.util.List;

/**
 * Something worth telling people: a run's or a phase's verdict changed, or a resource stayed
 * beyond its threshold. {@code id} is stable across retries (receivers deduplicate on it);
 * {@code dedupKey} says which events are the same news (sent once).
 *
 * @param phase null for the run's verdict
 * @param entity the limiting or saturated resource; null when nothing limits
 * @param value the confidence (verdicts) or the share of the ceiling (resources)
 * @param limit what limits as the headlines name it (LimitName: the group when all of it is full);
 *     null for resource events and NONE, where {@code entity} is named
 */
public record AlertEvent(String id, Kind kind, String testbed, String run, String phase, String bottleneck,
    String entity, double value, String previous, List<String> evidence, Instant at, String limit) {

  public enum Kind {
    VERDICT_CHANGED("verdict.changed"),
    PHASE_CHANGED("phase.changed"),
    RESOURCE_SUSTAINED("resource.sustained");

    public final String type;

    Kind(String type) {
      this.type = type;
    }
  }

  public AlertEvent {
    evidence = List.copyOf(evidence);
  }

  /**
   * What the news is about: a run's verdict, a phase's, or one resource of a run. Of a run or a
   * phase only the latest news stands; a resource's sustained alert is news once.
   */
  public String subject() {
    return kind == Kind.RESOURCE_SUSTAINED ? dedupKey()
        : String.join("|", kind.type, testbed, run, phase == null ? "" : phase);
  }

  public String dedupKey() {
    return String.join("|", kind.type, testbed, run, phase == null ? "" : phase, bottleneck,
        entity == null ? "" : entity);
  }

  /** True when the news is that nothing limits any more (an Alertmanager "resolved"). */
  public boolean cleared() {
    return "NONE".equals(bottleneck);
  }

  /** The limit's name in the headline: the group's phrase where there is one, else the entity. */
  private String named() {
    return limit != null ? limit : entity;
  }

  /** One line a person reads in a chat or a pager. */
  public String summary() {
    String where = "run " + run + (phase == null ? "" : " phase " + phase) + " on " + testbed;
    return switch (kind) {
      case RESOURCE_SUSTAINED -> String.format(java.util.Locale.ROOT, "%s: %s at %.0f%% of its ceiling for %s",
          where, entity, value * 100, previous);
      default -> String.format(java.util.Locale.ROOT, "%s: bottleneck %s%s (confidence %.2f), was %s", where,
          bottleneck, named() == null ? "" : " on " + named(), value, previous == null ? "not judged" : previous);
    };
  }
}

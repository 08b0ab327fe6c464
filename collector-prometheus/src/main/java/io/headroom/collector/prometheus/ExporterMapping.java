package io.headroom.collector.prometheus;

import io.headroom.model.MetricDef;
import io.headroom.model.Rel;
import java.util.List;
import java.util.Map;

/**
 * One exporter's series as Headroom's entities and metrics: the data of one mapping file
 * (docs/prometheus.md), read by {@link MappingFiles}. No code per metric: each reading is a
 * PromQL query and the declaration ({@link PrometheusMetrics}) its values go out as.
 *
 * @param exporter the name a user file overrides the shipped one by ("node_exporter")
 * @param file where it was read from, for messages
 */
public record ExporterMapping(String exporter, String file, HostRule host, List<EntityRule> entities) {

  /**
   * How series are told apart by host, and the host's name.
   *
   * @param by the label one host's series share ("instance")
   * @param series a plain selector every host of the exporter has one series of (node_uname_info, sysUpTime):
   *     the mapping is read where it is found, and the scrape interval is read from its samples' spacing
   * @param nameLabel the label of those series holding the host's name (null: the {@code by} label's value,
   *     its port left out)
   * @param upTo the name is cut before the first of these characters (null: kept whole)
   */
  public record HostRule(String by, String series, String nameLabel, String upTo) {}

  /**
   * One kind of entity the exporter's series describe.
   *
   * @param id template of the entity's id: "{host}/disk/{device}", labels in braces
   * @param optional no series of it at all is normal (a host without FC HBAs): not a problem
   */
  public record EntityRule(String kind, String id, String name, Map<String, Object> attrs, Map<String, Double> capacity,
      Ceiling ceiling, List<RelationRule> relations, List<Reading> readings, boolean optional) {}

  /** A reading: a query whose values are one metric of the entity. */
  public record Reading(MetricDef metric, String query) {}

  /**
   * A port's speed, its ceiling (model.Ceilings.port of the entity's fabric).
   *
   * @param toBitsPerS the query's value times this is bits/s (8 for bytes/s, 1e6 for Mb/s); 0 when {@code label} says
   * @param label a label holding the speed as text ("16 Gbit"), when the value is not it
   */
  public record Ceiling(String query, double toBitsPerS, String label) {}

  /** A relation from the entity to the one {@code to} names (a template like the id). */
  public record RelationRule(Rel rel, String to) {}
}

package io.headroom.model.kafka;

import io.headroom.model.Sample;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The unit on the samples topic: readings of one entity of one testbed, usually one scrape's worth.
 * {@code id} is unique per batch (a dead letter's payload carries it). A batch that Kafka or the
 * collector's spool delivers twice lands in the database once because the analyzer stores a
 * series' reading at a given time once (its unique series index), not by this id.
 */
public record SampleBatch(UUID id, String testbed, String entity, List<Point> points) {
  public SampleBatch {
    points = List.copyOf(points);
  }

  /** The message key: one entity's batches share a partition, so they stay in order. */
  public String key() {
    return testbed + "|" + entity;
  }

  public List<Sample> samples() {
    List<Sample> out = new ArrayList<>(points.size());
    for (Point p : points) {
      out.add(new Sample(p.ts(), entity, p.metric(), p.value()));
    }
    return out;
  }
}

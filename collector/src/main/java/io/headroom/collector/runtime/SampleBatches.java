package io.headroom.collector.runtime;

import io.headroom.collector.source.Scrape;
import io.headroom.model.kafka.BatchIds;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.SampleBatch;
import io.headroom.model.kafka.SampleBatchCodec;
import java.util.ArrayList;
import java.util.List;

/**
 * An entity's readings of one scrape as encoded sample batches, the one form both the Kafka sink
 * and the collector's remote-write spools keep: one batch, split in halves until each encodes to
 * at most {@link #MAX_BYTES}. Kafka refuses a record over its request limit (1 MiB by default) for
 * good, and the encoding's metric table holds at most 65,535 names, so an entity with tens of
 * thousands of readings goes as several batches, each with its own id.
 */
public final class SampleBatches {
  /** Half of Kafka's default max.request.size (1 MiB), leaving room for record and batch headers. */
  public static final int MAX_BYTES = 512 * 1024;

  /** A batch and its encoding. */
  public record Encoded(SampleBatch batch, byte[] bytes) {}

  private SampleBatches() {}

  public static List<Encoded> of(BatchIds ids, String testbed, String entity, List<Scrape.Reading> readings) {
    List<Point> points = new ArrayList<>(readings.size());
    for (Scrape.Reading r : readings) {
      points.add(new Point(r.ts(), r.metric(), r.value()));
    }
    List<Encoded> out = new ArrayList<>();
    split(ids, testbed, entity, points, out);
    return out;
  }

  private static void split(BatchIds ids, String testbed, String entity, List<Point> points, List<Encoded> out) {
    SampleBatch batch = new SampleBatch(ids.next(), testbed, entity, points);
    // halve before encoding when the metric table could hold more than it can
    byte[] encoded = points.size() > SampleBatchCodec.MAX_METRICS ? null : SampleBatchCodec.encode(batch);
    if (encoded == null || encoded.length > MAX_BYTES && points.size() > 1) {
      int half = points.size() / 2;
      split(ids, testbed, entity, points.subList(0, half), out);
      split(ids, testbed, entity, points.subList(half, points.size()), out);
      return;
    }
    out.add(new Encoded(batch, encoded));
  }
}

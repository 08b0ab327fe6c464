package io.headroom.collector.runtime;

import io.headroom.collector.source.Scrape;
import io.headroom.model.Entity;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Relation;
import io.headroom.model.Sample;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Turns scrapes into recording records (format v1): each entity and relation once (again only
 * when it changed), samples as they come. The records go to any consumer: a {@code
 * RecordingWriter}, an in-memory run, or both.
 */
public final class RecordingSink implements ScrapeSink {
  private final Consumer<RecordingRecord> out;
  private final Set<Object> written = new HashSet<>();

  public RecordingSink(Consumer<RecordingRecord> out) {
    this.out = out;
  }

  @Override
  public synchronized void accept(String testbed, Scrape scrape) {
    for (Entity e : scrape.entities()) {
      if (written.add(e)) {
        out.accept(e);
      }
    }
    for (Relation r : scrape.relations()) {
      if (written.add(r)) {
        out.accept(r);
      }
    }
    for (Map.Entry<String, List<Scrape.Reading>> e : scrape.readings().entrySet()) {
      for (Scrape.Reading r : e.getValue()) {
        out.accept(new Sample(r.ts(), e.getKey(), r.metric(), r.value()));
      }
    }
  }
}

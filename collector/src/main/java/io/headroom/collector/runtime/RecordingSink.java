package io.headroom.collector.runtime;

import io.headroom.collector.source.Scrape;
import io.headroom.model.Entity;
import io.headroom.model.Relation;
import io.headroom.model.Sample;
import io.headroom.model.recording.RecordingWriter;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Writes scrapes as recording format v1; each entity and relation once, samples as they come. */
public final class RecordingSink implements ScrapeSink {
  private final RecordingWriter writer;
  private final Set<Object> written = new HashSet<>();

  public RecordingSink(RecordingWriter writer) {
    this.writer = writer;
  }

  @Override
  public synchronized void accept(String testbed, Scrape scrape) {
    for (Entity e : scrape.entities()) {
      if (written.add(e)) {
        writer.write(e);
      }
    }
    for (Relation r : scrape.relations()) {
      if (written.add(r)) {
        writer.write(r);
      }
    }
    for (Map.Entry<String, List<Scrape.Reading>> e : scrape.readings().entrySet()) {
      for (Scrape.Reading r : e.getValue()) {
        writer.write(new Sample(r.ts(), e.getKey(), r.metric(), r.value()));
      }
    }
  }
}

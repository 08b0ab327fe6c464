package io.headroom.collector.capture;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.capture.RecordedExchanges.Exchange;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.collector.source.SourceFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * Records a device as a source sees it: runs the source's discover and two scrapes (the second is
 * the one whose counters have a rate) with every HTTP exchange recorded, then writes the answers
 * as the source type's stand-in serves them, redacted, with a README saying what was captured,
 * when, and from what firmware. Serving the result gives the source the same entities and readings.
 */
public final class Capture {
  /** The HTTP source types a capture can be made of, and how each is written. */
  private static final Map<String, CaptureFormat> FORMATS = registered();
  /** SNMP is not HTTP: its answers are varbinds, written as one .snmprec. */
  private static final String SNMP = "snmp";

  private Capture() {}

  /** The formats the sources register (META-INF/services), by source type. */
  private static Map<String, CaptureFormat> registered() {
    Map<String, CaptureFormat> out = new TreeMap<>();
    ServiceLoader.load(CaptureFormat.class).forEach(f -> out.put(f.type(), f));
    return Map.copyOf(out);
  }

  /** The types {@link #capture} accepts, sorted. */
  public static List<String> types() {
    return java.util.stream.Stream.concat(FORMATS.keySet().stream(), java.util.stream.Stream.of(SNMP)).sorted().toList();
  }

  /** What was written: the files (relative to the output folder) and the firmware line. */
  public record Result(List<String> files, String firmware) {}

  /**
   * Captures the device the section names into out (created; must be empty if it exists).
   *
   * @param context the source's context; its exchange listener is replaced by the recorder
   */
  public static Result capture(SourceFactory factory, SourceContext context, JsonNode settings, Path out,
      boolean keepSerials, Clock clock) throws Exception {
    CaptureFormat format = FORMATS.get(factory.type());
    if (format == null && !factory.type().equals(SNMP)) {
      throw new IllegalArgumentException("capture: no capture for type " + factory.type() + " (one of " + types() + ")");
    }
    prepare(out);
    RecordedExchanges recorded = new RecordedExchanges();
    RecordedVarbinds varbinds = new RecordedVarbinds();
    SourceContext recording = new SourceContext(context.host(), context.interval(), context.baseDir(), recorded,
        varbinds);
    String started = clock.instant().toString();
    try (Source source = factory.create(recording, settings)) {
      source.discover();
      double now = clock.millis() / 1000.0;
      source.scrape(new Scrape(now));
      Duration interval = source.interval();
      source.scrape(new Scrape(now + (interval == null ? 10 : interval.toMillis() / 1000.0)));
    }
    if (format == null) {
      String file = new SnmprecWriter(keepSerials).write(varbinds.all(), out);
      String firmware = SnmpFirmware.of(varbinds.all());
      CaptureReadme.write(out, new CaptureReadme.Facts(SNMP, context.host(), started, firmware, keepSerials,
          List.of(file), varbinds.all().size(), List.of()));
      return new Result(List.of(file), firmware);
    }
    List<Exchange> exchanges = recorded.all();
    CaptureRedactor redactor = new CaptureRedactor(keepSerials);
    for (Exchange e : exchanges) {
      JsonNode body = CaptureWriter.parse(e);
      if (body != null) {
        redactor.learn(body);
      }
    }
    List<String> files = format.write(exchanges, new CaptureWriter(out, redactor));
    String firmware = redactor.redactPath(format.firmware(exchanges));
    CaptureReadme.write(out, new CaptureReadme.Facts(factory.type(), context.host(), started, firmware, keepSerials,
        files, exchanges.size(), failures(exchanges, redactor)));
    return new Result(files, firmware);
  }

  /** The requests that got no 2xx, as the README lists them (paths redacted like the files). */
  private static List<String> failures(List<Exchange> exchanges, CaptureRedactor redactor) {
    return exchanges.stream().filter(e -> !e.isSuccess())
        .map(e -> e.method() + " " + redactor.redactPath(e.path()) + ": HTTP " + e.status()).toList();
  }

  private static void prepare(Path out) throws IOException {
    String problem = unusable(out);
    if (problem != null) {
      throw new IOException(problem);
    }
    Files.createDirectories(out);
  }

  /** Why out cannot take a capture (a folder with files in it), or null if it can. */
  public static String unusable(Path out) throws IOException {
    if (Files.isDirectory(out)) {
      try (var entries = Files.list(out)) {
        if (entries.findAny().isPresent()) {
          return "--out " + out + ": not empty; name a new folder (a capture never mixes with another)";
        }
      }
    }
    return null;
  }
}

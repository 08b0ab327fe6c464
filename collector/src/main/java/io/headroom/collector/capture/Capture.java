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

  /**
   * What was written: the files (relative to the output folder) and the firmware line; {@code
   * stopped} says why the reading was cut short (null when the source read all it meant to).
   */
  public record Result(List<String> files, String firmware, String stopped) {
    public Result(List<String> files, String firmware) {
      this(files, firmware, null);
    }
  }

  /**
   * How long a capture may read the device, and where it says how far it got while it reads.
   *
   * @param deadline the whole reading (discover and two scrapes); past it the reading is abandoned
   *     and what was answered until then is written
   * @param progressEvery how often a line of progress is told while the reading goes on
   * @param progress told those lines (the command line's stderr)
   */
  public record Limits(Duration deadline, Duration progressEvery, java.util.function.Consumer<String> progress) {
    /** A first walk of a BMC is about 30 requests; five minutes is room for a slow one, with retries. */
    public static final Duration DEFAULT_DEADLINE = Duration.ofMinutes(5);
    public static final Duration DEFAULT_PROGRESS_EVERY = Duration.ofSeconds(5);
    public static final Limits DEFAULTS = new Limits(DEFAULT_DEADLINE, DEFAULT_PROGRESS_EVERY, line -> {});
  }

  /**
   * Captures the device the section names into out (created; must be empty if it exists).
   *
   * @param context the source's context; its exchange listener is replaced by the recorder
   */
  public static Result capture(SourceFactory factory, SourceContext context, JsonNode settings, Path out,
      boolean keepSerials, Clock clock) throws Exception {
    return capture(factory, context, settings, out, keepSerials, clock, Limits.DEFAULTS);
  }

  /** As above, within {@code limits}: a device that stops answering costs the deadline, with progress told meanwhile. */
  public static Result capture(SourceFactory factory, SourceContext context, JsonNode settings, Path out,
      boolean keepSerials, Clock clock, Limits limits) throws Exception {
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
    Source source = factory.create(recording, settings);
    String stopped = within(limits, () -> readTwice(source, clock),
        () -> recorded.all().size() + varbinds.all().size(), factory.type() + " " + context.host());
    if (stopped == null) {
      source.close();
    } else {
      closeAside(source); // closing may ask the device (a session's logout): not waited for
    }
    if (format == null) {
      String file = new SnmprecWriter(keepSerials).write(varbinds.all(), out);
      String firmware = SnmpFirmware.of(varbinds.all());
      CaptureReadme.write(out, new CaptureReadme.Facts(SNMP, context.host(), started, firmware, keepSerials,
          List.of(file), varbinds.all().size(), List.of(), stopped));
      return new Result(List.of(file), firmware, stopped);
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
        files, exchanges.size(), failures(exchanges, redactor), stopped));
    return new Result(files, firmware, stopped);
  }

  /** The source's discover and two scrapes, as collect --once reads a device twice. */
  private static Void readTwice(Source source, Clock clock) throws Exception {
    source.discover();
    double now = clock.millis() / 1000.0;
    source.scrape(new Scrape(now));
    Duration interval = source.interval();
    source.scrape(new Scrape(now + (interval == null ? 10 : interval.toMillis() / 1000.0)));
    return null;
  }

  /**
   * Runs {@code reading} on a thread of its own, telling progress every {@code limits.progressEvery}
   * ({@code answered} so far); null when it ended in time, else why it was abandoned. Its failure
   * is thrown as it was.
   */
  private static String within(Limits limits, java.util.concurrent.Callable<Void> reading,
      java.util.function.IntSupplier answered, String what) throws Exception {
    java.util.concurrent.FutureTask<Void> task = new java.util.concurrent.FutureTask<>(reading);
    Thread t = new Thread(task, "headroom-capture");
    t.setDaemon(true);
    t.start();
    long start = System.nanoTime();
    long deadline = start + limits.deadline().toNanos();
    while (true) {
      long wait = Math.min(limits.progressEvery().toNanos(), deadline - System.nanoTime());
      try {
        task.get(Math.max(wait, 0), java.util.concurrent.TimeUnit.NANOSECONDS);
        return null;
      } catch (java.util.concurrent.ExecutionException e) {
        throw e.getCause() instanceof Exception ex ? ex : e;
      } catch (java.util.concurrent.TimeoutException notYet) {
        long seconds = (System.nanoTime() - start) / 1_000_000_000L;
        if (System.nanoTime() - deadline >= 0) {
          task.cancel(true);
          return "stopped after " + io.headroom.config.Durations.format(limits.deadline()) + " (--deadline) with "
              + answered.getAsInt() + " answers recorded: the device did not finish answering";
        }
        limits.progress().accept("capture " + what + ": " + seconds + " s, " + answered.getAsInt()
            + " answers recorded so far");
      }
    }
  }

  private static void closeAside(Source source) {
    Thread t = new Thread(() -> {
      try {
        source.close();
      } catch (Exception ignored) {
        // the device did not answer the reading; it need not answer the goodbye
      }
    }, "headroom-capture-close");
    t.setDaemon(true);
    t.start();
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

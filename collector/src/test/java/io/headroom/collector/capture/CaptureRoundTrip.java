package io.headroom.collector.capture;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.headroom.collector.golden.Golden;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.collector.source.SourceFactory;
import io.headroom.standin.StandinServer;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Function;

/**
 * What a source makes of a device, as the golden tests render it (discover, then the second of two
 * scrapes), and the capture of that device: a capture round-trips when serving it renders the same.
 *
 * @param more the source's own keys besides url and plaintext (credentials, role)
 * @param baseDir where its password_file is
 * @param interval the section's interval, or null
 */
record CaptureRoundTrip(Function<ObjectNode, ObjectNode> more, Path baseDir, Duration interval) {
  static CaptureRoundTrip of(Function<ObjectNode, ObjectNode> more) {
    return new CaptureRoundTrip(more, Path.of("."), null);
  }

  /** The source's settings for a stand-in at url (plaintext: the stand-ins serve http). */
  JsonNode settings(String url) {
    return more.apply(CaptureWriter.JSON.createObjectNode().put("url", url).put("plaintext", true));
  }

  SourceContext context() {
    return new SourceContext("h1", interval, baseDir);
  }

  /** Discover and the second scrape, rendered, with the stand-in's address as URL. */
  String render(SourceFactory factory, StandinServer server) throws Exception {
    String url = url(server);
    try (Source source = factory.create(context(), settings(url))) {
      String discovered = Golden.render(source.discover());
      source.scrape(new Scrape(1000));
      Scrape second = new Scrape(1010);
      source.scrape(second);
      return (discovered + "---\n" + Golden.render(second)).replace(url, "URL");
    }
  }

  /** Captures the device the server stands in for into out. */
  Capture.Result capture(SourceFactory factory, StandinServer server, Path out, boolean keepSerials) throws Exception {
    return Capture.capture(factory, context(), settings(url(server)), out, keepSerials, Clock.systemUTC());
  }

  static String url(StandinServer server) {
    return server.baseUri().toString().replaceAll("/$", "");
  }
}

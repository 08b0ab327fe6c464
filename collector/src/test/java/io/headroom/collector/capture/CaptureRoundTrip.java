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
import java.util.function.Function;

/**
 * What a source makes of a device, as the golden tests render it (discover, then the second of two
 * scrapes), and the capture of that device: a capture round-trips when serving it renders the same.
 */
final class CaptureRoundTrip {
  private CaptureRoundTrip() {}

  /** The source's settings for a stand-in at url (plaintext: the stand-ins serve http). */
  static JsonNode settings(String url, Function<ObjectNode, ObjectNode> more) {
    ObjectNode s = CaptureWriter.JSON.createObjectNode().put("url", url).put("plaintext", true);
    return more.apply(s);
  }

  /** Discover and the second scrape, rendered, with the stand-in's address as URL. */
  static String render(SourceFactory factory, StandinServer server, Function<ObjectNode, ObjectNode> more)
      throws Exception {
    String url = url(server);
    try (Source source = factory.create(new SourceContext("h1", null, Path.of(".")), settings(url, more))) {
      String discovered = Golden.render(source.discover());
      source.scrape(new Scrape(1000));
      Scrape second = new Scrape(1010);
      source.scrape(second);
      return (discovered + "---\n" + Golden.render(second)).replace(url, "URL");
    }
  }

  /** Captures the device the server stands in for into out. */
  static Capture.Result capture(SourceFactory factory, StandinServer server, Function<ObjectNode, ObjectNode> more,
      Path out, boolean keepSerials) throws Exception {
    return Capture.capture(factory, new SourceContext("h1", null, Path.of(".")), settings(url(server), more), out,
        keepSerials, Clock.systemUTC());
  }

  static String url(StandinServer server) {
    return server.baseUri().toString().replaceAll("/$", "");
  }
}

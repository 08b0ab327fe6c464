package io.headroom.collector.redfish;

import io.headroom.collector.source.Discovery;
import io.headroom.model.Entity;
import io.headroom.collector.source.Scrape;
import io.headroom.standin.StandinReply;
import io.headroom.standin.StandinRequest;
import io.headroom.standin.StandinServer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A small BMC tree written out in a test, for the walks' cases the recorded trees do not have:
 * a Dell service root, system S1 with chassis C1 and two CPU sockets (CPU.Socket.1 is socket 0),
 * and whatever the test puts beside them. Anything not put is 404 (not offered); {@link #fail}
 * makes a path answer 500.
 */
final class MiniBmc {
  static final String SYS = "/redfish/v1/Systems/S1";
  static final String CH = "/redfish/v1/Chassis/C1";
  static final String CPU1 = SYS + "/Processors/CPU.Socket.1";
  static final String CPU2 = SYS + "/Processors/CPU.Socket.2";

  private final Map<String, Function<StandinRequest, StandinReply>> docs = new LinkedHashMap<>();
  private final Map<String, StandinServer.StreamHandler> streams = new LinkedHashMap<>();

  /** The root, system (linking C1 and the processors) and the two sockets; the chassis is the test's. */
  static MiniBmc dell(String chassis) {
    return new MiniBmc()
        .put("/redfish/v1", "{\"Vendor\":\"Dell\",\"Systems\":" + link("/redfish/v1/Systems") + "}")
        .put("/redfish/v1/Systems", collection(SYS))
        .put(SYS, "{\"Links\":{\"Chassis\":" + links(CH) + "},\"Processors\":" + link(SYS + "/Processors") + "}")
        .put(SYS + "/Processors", collection(CPU1, CPU2))
        .put(CPU1, "{\"Socket\":\"CPU.Socket.1\",\"ProcessorType\":\"CPU\"}")
        .put(CPU2, "{\"Socket\":\"CPU.Socket.2\",\"ProcessorType\":\"CPU\"}")
        .put(CH, chassis);
  }

  MiniBmc put(String path, String json) {
    return handle(path, r -> StandinReply.json(json));
  }

  MiniBmc fail(String path) {
    return handle(path, r -> failure());
  }

  /** A path whose answer the test decides request by request. */
  MiniBmc handle(String path, Function<StandinRequest, StandinReply> handler) {
    docs.put(path, handler);
    return this;
  }

  /** An event stream at {@code path} (text/event-stream). */
  MiniBmc stream(String path, StandinServer.StreamHandler handler) {
    streams.put(path, handler);
    return this;
  }

  static StandinReply failure() {
    return StandinReply.json(500, "{\"error\":{\"code\":\"Base.1.0.InternalError\"}}");
  }

  static String link(String path) {
    return "{\"@odata.id\":\"" + path + "\"}";
  }

  static String links(String... paths) {
    return Arrays.stream(paths).map(MiniBmc::link).collect(Collectors.joining(",", "[", "]"));
  }

  static String collection(String... members) {
    return "{\"Members\":" + links(members) + "}";
  }

  /**
   * Discovery by the source (host bmc1, telemetry: poll unless set, no retries, these extra keys), each
   * problem cut to what it names: "GET BMC/redfish/v1/...".
   */
  Discovery discover(Path dir, String extraYaml) throws Exception {
    try (StandinServer bmc = serve(); RedfishSource source = source(bmc, dir, extraYaml)) {
      Discovery d = source.discover();
      String base = bmc.baseUri().toString().replaceAll("/$", "");
      List<String> problems = d.problems().stream().map(p -> p.replace(base, "BMC"))
          .map(p -> p.substring(0, p.indexOf(": "))).toList();
      return new Discovery(d.entities(), d.relations(), d.degraded(), problems);
    }
  }

  /** One scrape at ts 1000: the walk, then the readings it polls. */
  Scrape scrape(Path dir, String extraYaml) throws Exception {
    try (StandinServer bmc = serve(); RedfishSource source = source(bmc, dir, extraYaml)) {
      Scrape s = new Scrape(1000);
      source.scrape(s);
      return s;
    }
  }

  /** The tree served, for a test that scrapes more than once. */
  StandinServer serve() throws java.io.IOException {
    StandinServer bmc = StandinServer.builder().start();
    docs.forEach(bmc::handle);
    streams.forEach((path, handler) -> bmc.stream(path, "text/event-stream", handler));
    return bmc;
  }

  /** No retries; telemetry: poll unless the extra keys say otherwise. */
  static RedfishSource source(StandinServer bmc, Path dir, String extraYaml) throws Exception {
    String telemetry = extraYaml.contains("telemetry:") ? "" : "telemetry: poll\n";
    return Bmc.source(bmc, dir, telemetry + "retries: 0\n" + extraYaml);
  }

  static Entity entity(Discovery d, String id) {
    return d.entities().stream().filter(e -> e.id().equals(id)).findFirst()
        .orElseThrow(() -> new AssertionError("no entity " + id + " in " + d.entities()));
  }

  /** The relations as "from rel to", in the order found. */
  static List<String> relations(Discovery d) {
    return d.relations().stream().map(r -> r.from() + " " + r.rel() + " " + r.to()).toList();
  }
}

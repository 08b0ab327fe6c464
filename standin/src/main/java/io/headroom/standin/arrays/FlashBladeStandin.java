package io.headroom.standin.arrays;

import io.headroom.standin.StandinReply;
import io.headroom.standin.StandinRequest;
import io.headroom.standin.StandinServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A Pure Storage FlashBlade's REST 2.x answers served from a folder of recorded bodies in the
 * layout of Pure's pure-fb-openmetrics-exporter test data (shared/fixtures/arrays/purestorage,
 * README there): each endpoint's body as the file the exporter's own tests serve for it
 * (internal/rest-client/*_test.go), under /api/VERSION/ for any version, the query ignored.
 * GET /api/api_version answers versions.json; POST /api/login wants the API token in
 * {@code api-token} and answers with a session in {@code x-auth-token}, which every request under
 * /api/VERSION/ must carry (401 otherwise, as the array answers an ended session); POST
 * /api/logout ends it. An endpoint whose file is absent answers 404. A folder written by
 * {@code headroom capture flashblade} holds {@code endpoints/<endpoint>/index.json} instead.
 */
public final class FlashBladeStandin {
  /** The API token the served capture accepts; the capture has none of the array's. */
  public static final String TOKEN = "capture";

  /** Endpoint under /api/VERSION/ to file, as the exporter's tests pair them. */
  static final Map<String, String> FILES = Map.ofEntries(
      Map.entry("arrays", "arrays.json"),
      Map.entry("arrays/nfs-specific-performance", "arrays_nfs_performance.json"),
      Map.entry("arrays/http-specific-performance", "arrays_http_performance.json"),
      Map.entry("arrays/s3-specific-performance", "array_s3performance.json"),
      Map.entry("arrays/performance/replication", "arrays_performance_replication.json"),
      Map.entry("arrays/clients/performance", "clients_performance.json"),
      Map.entry("blades", "blades.json"),
      Map.entry("buckets", "buckets.json"),
      Map.entry("buckets/performance", "buckets_performance.json"),
      Map.entry("buckets/s3-specific-performance", "buckets_s3performance.json"),
      Map.entry("file-systems", "filesystems.json"),
      Map.entry("file-systems/performance", "filesystems_perf.json"),
      Map.entry("hardware", "hardware.json"),
      Map.entry("hardware-connectors/performance", "hw_connectors_perf.json"),
      Map.entry("nfs-export-policies", "nfs_export_policies.json"),
      Map.entry("object-store-accounts", "object_store_accounts.json"));

  private FlashBladeStandin() {}

  /** The folder's bodies on a free loopback port. */
  public static StandinServer serve(Path dir) throws IOException {
    StandinServer server = StandinServer.builder().start();
    String versions = Files.readString(dir.resolve("versions.json"));
    AtomicReference<String> session = new AtomicReference<>();
    server.handle("/api/api_version", req -> StandinReply.json(versions));
    server.handle("/api/login", req -> {
      if (!req.method().equals("POST") || !TOKEN.equals(req.header("api-token"))) {
        return StandinReply.json(401, "{\"errors\":[{\"message\":\"invalid API token\"}]}");
      }
      session.set("session-" + System.nanoTime());
      return StandinReply.json("{\"items\":[{\"username\":\"capture\"}]}").withHeader("x-auth-token", session.get());
    });
    server.handle("/api/logout", req -> {
      session.set(null);
      return StandinReply.json("{}");
    });
    Map<String, Path> files = files(dir);
    for (Iterator<String> it = versions(versions); it.hasNext(); ) {
      String version = it.next();
      files.forEach((endpoint, file) -> server.handle("/api/" + version + "/" + endpoint,
          req -> answer(file, req, session.get())));
    }
    return server;
  }

  /**
   * Endpoint to file: the exporter's test-data names, or, in a folder {@code headroom capture}
   * wrote, {@code endpoints/<endpoint>/index.json} for each endpoint it recorded.
   */
  private static Map<String, Path> files(Path dir) throws IOException {
    Path endpoints = dir.resolve("endpoints");
    if (!Files.isDirectory(endpoints)) {
      Map<String, Path> out = new java.util.LinkedHashMap<>();
      FILES.forEach((endpoint, file) -> out.put(endpoint, dir.resolve(file)));
      return out;
    }
    try (java.util.stream.Stream<Path> s = Files.walk(endpoints)) {
      Map<String, Path> out = new java.util.TreeMap<>();
      s.filter(p -> p.getFileName().toString().equals("index.json"))
          .forEach(p -> out.put(endpoints.relativize(p.getParent()).toString().replace('\\', '/'), p));
      return out;
    }
  }

  private static StandinReply answer(Path file, StandinRequest req, String session) {
    if (session == null || !session.equals(req.header("x-auth-token"))) {
      return StandinReply.json(401, "{\"errors\":[{\"message\":\"session not valid\"}]}");
    }
    try {
      return Files.exists(file) ? StandinReply.json(Files.readString(file))
          : StandinReply.json(404, "{\"errors\":[{\"message\":\"not found\"}]}");
    } catch (IOException e) {
      return StandinReply.json(500, "{\"errors\":[{\"message\":\"" + e.getClass().getSimpleName() + "\"}]}");
    }
  }

  /** The versions versions.json lists ({"versions": ["1.0", ..., "2.8"]}). */
  private static Iterator<String> versions(String json) throws IOException {
    java.util.List<String> out = new java.util.ArrayList<>();
    new com.fasterxml.jackson.databind.ObjectMapper().readTree(json).path("versions").forEach(v -> out.add(v.asText()));
    return out.iterator();
  }
}

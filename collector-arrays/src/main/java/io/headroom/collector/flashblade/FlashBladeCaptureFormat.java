package io.headroom.collector.flashblade;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.headroom.collector.capture.CaptureFormat;
import io.headroom.collector.capture.CaptureWriter;
import io.headroom.collector.capture.RecordedExchanges.Exchange;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A FlashBlade as the source read it, in the layout the FlashBlade stand-in serves
 * (docs/array-standins.md): {@code versions.json}, the answer of GET /api/api_version, and each
 * endpoint under /api/VERSION/ as {@code endpoints/<endpoint>/index.json}: its last poll, the
 * items of all its pages in one body without a continuation_token (a poll is a request without
 * continuation_token; its next pages belong to it). Its bodies are rates the array computed, so
 * one body per endpoint replays them. The login and session token are not written: the stand-in
 * takes the API token "capture".
 */
public final class FlashBladeCaptureFormat implements CaptureFormat {
  /** /api/2.8/file-systems/performance: the version, then the endpoint. */
  private static final Pattern UNDER_VERSION = Pattern.compile("^/api/\\d+(\\.\\d+)*/(.+)$");
  static final String ENDPOINTS = "endpoints/";

  @Override
  public String type() {
    return FlashBladeSourceFactory.TYPE;
  }

  @Override
  public List<String> write(List<Exchange> exchanges, CaptureWriter out) throws IOException {
    Map<String, ObjectNode> lastPoll = new LinkedHashMap<>();
    ObjectNode versions = null;
    for (Exchange e : exchanges) {
      JsonNode body = e.method().equals("GET") && e.isSuccess() ? CaptureWriter.parse(e) : null;
      if (body == null || !body.isObject()) {
        continue;
      }
      if (e.pathOnly().equals("/api/api_version")) {
        versions = (ObjectNode) body;
        continue;
      }
      Matcher m = UNDER_VERSION.matcher(e.pathOnly());
      if (!m.matches()) {
        continue;
      }
      String endpoint = m.group(2);
      ObjectNode poll = lastPoll.get(endpoint);
      if (!e.path().contains("continuation_token=") || poll == null) {
        poll = ((ObjectNode) body).deepCopy();
        poll.putArray("items");
        lastPoll.put(endpoint, poll);
      }
      ArrayNode items = (ArrayNode) poll.get("items");
      body.path("items").forEach(items::add);
      poll.remove("continuation_token");
    }
    List<String> files = new ArrayList<>();
    if (versions != null) {
      files.add(out.writeFile("versions.json", versions, Map.of()).toString());
    }
    for (Map.Entry<String, ObjectNode> en : lastPoll.entrySet()) {
      files.add(out.write(ENDPOINTS + en.getKey(), en.getValue()).toString());
    }
    return files;
  }

  /** "Purity//FB 4.1.2" from the arrays endpoint's os and version. */
  @Override
  public String firmware(List<Exchange> exchanges) {
    for (Exchange e : exchanges) {
      JsonNode body = e.isSuccess() && e.pathOnly().endsWith("/arrays") ? CaptureWriter.parse(e) : null;
      JsonNode array = body == null ? null : body.path("items").path(0);
      if (array != null && array.hasNonNull("version")) {
        return (array.path("os").asText("Purity//FB") + " " + array.path("version").asText()).trim();
      }
    }
    return "not stated (no arrays answer)";
  }
}

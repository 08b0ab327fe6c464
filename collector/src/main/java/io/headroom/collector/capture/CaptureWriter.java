package io.headroom.collector.capture;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.headroom.collector.capture.RecordedExchanges.Exchange;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes recorded JSON answers as files the stand-in serves: the answer to GET /a/b is
 * OUT/a/b/index.json (the DMTF Redfish-Mockup-Creator layout), redacted on the way.
 */
public final class CaptureWriter {
  /** Decimals kept as written: a reading of 0.94 must come back 0.94, not 0.9399999. */
  public static final ObjectMapper JSON = new ObjectMapper()
      .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
      .enable(SerializationFeature.INDENT_OUTPUT);

  private final Path root;
  private final CaptureRedactor redactor;

  CaptureWriter(Path root, CaptureRedactor redactor) {
    this.root = root.toAbsolutePath().normalize();
    this.redactor = redactor;
  }

  /** The body as JSON, or null when it is not (a capture holds only what a JSON API answered). */
  public static JsonNode parse(Exchange e) {
    try {
      return e.body().length == 0 ? null : JSON.readTree(e.body());
    } catch (IOException notJson) {
      return null;
    }
  }

  /** Writes the answer under its path; returns the file, relative to the root. */
  public Path write(String path, JsonNode body) throws IOException {
    Path file = fileOf(redactor.redactPath(path));
    Files.createDirectories(file.getParent());
    Files.write(file, JSON.writeValueAsBytes(redactor.redact(body)));
    return root.relativize(file);
  }

  /**
   * Writes one file of the capture's own (a stand-in's description of the device), redacted, with
   * the stand-in's own fields set after (its login: a "password" key is otherwise always redacted).
   */
  public Path writeFile(String name, ObjectNode body, java.util.Map<String, String> standinFields) throws IOException {
    Path file = root.resolve(name);
    ObjectNode redacted = (ObjectNode) redactor.redact(body);
    standinFields.forEach(redacted::put);
    Files.write(file, JSON.writeValueAsBytes(redacted));
    return root.relativize(file);
  }

  /** OUT/path/index.json; a path that would leave OUT (a ".." from a device) is refused, naming it. */
  private Path fileOf(String path) throws IOException {
    String trimmed = path.replaceAll("^/+|/+$", "");
    Path dir = root.resolve(trimmed).normalize();
    if (!dir.startsWith(root) || trimmed.isEmpty()) {
      throw new IOException("capture: refusing to write the answer to " + path + " outside " + root);
    }
    return dir.resolve("index.json");
  }
}

package io.headroom.collector.workload;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Parses one framed fio object; errors name the source and the line in it. */
final class FioChunkParser {
  private static final ObjectMapper JSON = new ObjectMapper();

  private FioChunkParser() {}

  /** @throws FioFormatException "SOURCE: line L, column C: what Jackson said" or the missing field */
  static FioStatus parse(FioJsonStream.Chunk chunk, String source) {
    JsonNode root;
    try {
      root = JSON.readTree(chunk.text());
    } catch (JsonProcessingException e) {
      JsonLocation loc = e.getLocation();
      String at = loc == null ? "object at line " + chunk.firstLine()
          : "line " + (chunk.firstLine() + loc.getLineNr() - 1) + ", column " + loc.getColumnNr();
      throw new FioFormatException(source + ": " + at + ": " + e.getOriginalMessage(), e);
    }
    return FioStatusParser.parse(root, source + ": object at line " + chunk.firstLine());
  }
}

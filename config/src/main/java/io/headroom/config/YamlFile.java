package io.headroom.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.headroom.model.Utf8;
import io.headroom.model.input.FileKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * One YAML file read strictly, so that nothing in it is silently dropped or changed: UTF-8 only,
 * each key once per mapping, one document. Every refusal is {@code FILE:LINE: what} (with the
 * column where the parser gives one), the form editors jump to.
 *
 * <p>Without these checks Jackson keeps the last of two {@code sources:} (dropping the first list),
 * ignores everything after a second {@code ---}, and a Latin-1 byte or a tab gives a message with
 * no line to look at.
 */
final class YamlFile {
  private static final YAMLFactory FACTORY = new YAMLFactory();
  private static final ObjectMapper YAML = new ObjectMapper(FACTORY)
      .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

  /** A testbed file of a thousand hosts is a few hundred KB; far past that it is no testbed file. */
  static final int MAX_BYTES = 16 << 20;
  private final JsonNode root;
  private final Map<String, Integer> lines;

  private YamlFile(JsonNode root, Map<String, Integer> lines) {
    this.root = root;
    this.lines = lines;
  }

  static YamlFile read(Path file) throws ConfigException {
    String problem = InputFile.problem(file);
    if (problem != null) {
      throw new ConfigException(problem);
    }
    byte[] bytes;
    try {
      bytes = FileKind.readSmall(file, MAX_BYTES);
    } catch (IOException e) {
      throw new ConfigException(file + ": cannot read: " + InputFile.reason(e));
    }
    String text = utf8(bytes, file);
    return new YamlFile(parse(text, file), lines(text));
  }

  /** The document; null when the file is empty. */
  JsonNode root() {
    return root;
  }

  /**
   * The line (from 1) where the value at {@code pointer} starts ("/sources/2"), or 0 when the
   * file has no such value.
   */
  int line(String pointer) {
    return lines.getOrDefault(pointer, 0);
  }

  /** The bytes as UTF-8; the first byte that is not is named with its line and column. */
  private static String utf8(byte[] bytes, Path file) throws ConfigException {
    int at = Utf8.firstMalformed(bytes, 0, bytes.length);
    if (at >= 0) {
      int line = 1;
      int lineStart = 0;
      for (int i = 0; i < at; i++) {
        if (bytes[i] == '\n') {
          line++;
          lineStart = i + 1;
        }
      }
      throw new ConfigException(String.format("%s:%d: byte 0x%02X at column %d is not UTF-8 "
          + "(a testbed file is UTF-8; this looks like Latin-1 or another legacy encoding)",
          file, line, bytes[at] & 0xff, at - lineStart + 1));
    }
    return new String(bytes, StandardCharsets.UTF_8);
  }

  private static JsonNode parse(String text, Path file) throws ConfigException {
    try (JsonParser p = FACTORY.createParser(text)) {
      JsonNode root = YAML.readTree(p);
      if (p.nextToken() != null) {
        throw new ConfigException(file + ":" + p.currentTokenLocation().getLineNr()
            + ": a second YAML document (after '---'); a testbed file is one document");
      }
      return root;
    } catch (com.fasterxml.jackson.dataformat.yaml.snakeyaml.error.MarkedYAMLException e) {
      throw new ConfigException(file + ":" + syntax(e));
    } catch (JsonParseException e) {
      // the line only: Jackson's column is where it stood after the key, not where the key starts
      throw new ConfigException(file + ":" + (e.getLocation() == null ? "?" : e.getLocation().getLineNr()) + ": "
          + duplicate(e.getOriginalMessage()));
    } catch (IOException e) {
      throw new ConfigException(file + ": not YAML: " + e.getMessage());
    }
  }

  /** SnakeYAML's problem and where it is ("3:1: ..."); a tab gets its own plain words. */
  private static String syntax(com.fasterxml.jackson.dataformat.yaml.snakeyaml.error.MarkedYAMLException e) {
    if (!(e.getCause() instanceof org.yaml.snakeyaml.error.MarkedYAMLException cause) || cause.getProblemMark() == null) {
      return location(e.getLocation()) + ": not YAML: " + e.getOriginalMessage();
    }
    org.yaml.snakeyaml.error.Mark mark = cause.getProblemMark();
    String where = (mark.getLine() + 1) + ":" + (mark.getColumn() + 1);
    String problem = String.valueOf(cause.getProblem());
    if (problem.contains("\\t(TAB)")) {
      return where + ": a tab character; YAML indents with spaces only";
    }
    return where + ": not YAML: " + problem + (cause.getContext() == null ? "" : " (" + cause.getContext() + ")");
  }

  private static String duplicate(String message) {
    return message.startsWith("Duplicate field ")
        ? "key " + message.substring("Duplicate field ".length()) + " appears twice in one mapping "
            + "(only one of them could be used); write it once"
        : "not YAML: " + message;
  }

  private static String location(JsonLocation at) {
    return at == null ? "?" : at.getLineNr() + ":" + at.getColumnNr();
  }

  /** Where each value starts, by JSON pointer; walked once more over the text (it parsed already). */
  private static Map<String, Integer> lines(String text) throws ConfigException {
    Map<String, Integer> out = new HashMap<>();
    try (JsonParser p = FACTORY.createParser(text)) {
      for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
        if (t != JsonToken.FIELD_NAME && t != JsonToken.END_OBJECT && t != JsonToken.END_ARRAY) {
          String pointer = (t.isStructStart() ? p.getParsingContext().getParent() : p.getParsingContext())
              .pathAsPointer().toString();
          out.putIfAbsent(pointer, p.currentTokenLocation().getLineNr());
        }
      }
    } catch (IOException e) {
      throw new ConfigException("cannot walk a file that parsed: " + e.getMessage());
    }
    return out;
  }
}

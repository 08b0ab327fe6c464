package io.headroom.collector.remote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A failed answer's body as one short line for a problem message. Devices answer errors with
 * pretty-printed JSON (a PowerStore's {@code messages[]}, Redfish's {@code error} with
 * {@code @Message.ExtendedInfo[]}, ONTAP's {@code error}) or HTML pages; one problem must stay one
 * line, however many requests fail in a scrape. A JSON body that fits is kept whole on one line;
 * a longer one is reduced to its messages ("code: text"), distinct, in order; anything else has its
 * white space collapsed. Either way at most {@link #MAX} characters.
 */
final class ErrorBody {
  static final int MAX = 200;
  private static final ObjectMapper JSON = new ObjectMapper();

  private ErrorBody() {}

  static String summary(byte[] body) {
    String text = new String(body, StandardCharsets.UTF_8).trim();
    if (text.isEmpty()) {
      return "";
    }
    try {
      JsonNode tree = JSON.readTree(text);
      if (tree != null && tree.isContainerNode()) {
        return summary(tree);
      }
    } catch (IOException notJson) {
      // an HTML page or plain text: collapsed below
    }
    return cut(text.replaceAll("\\s+", " "));
  }

  private static String summary(JsonNode tree) {
    String compact = tree.toString();
    if (compact.length() <= MAX) {
      return compact;
    }
    Set<String> messages = new LinkedHashSet<>();
    collect(tree, messages);
    return messages.isEmpty() ? cut(compact) : cut(String.join("; ", messages));
  }

  /** Every object's message, with its code or MessageId where it has one. */
  private static void collect(JsonNode node, Set<String> out) {
    if (node.isObject()) {
      String message = text(node, "message_l10n", "message");
      if (message != null) {
        String code = text(node, "code", "messageid");
        out.add(code == null ? message : code + ": " + message);
      }
    }
    node.forEach(child -> collect(child, out));
  }

  /** The first of these fields (any case) holding text. */
  private static String text(JsonNode object, String... names) {
    for (String name : names) {
      for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> f = it.next();
        if (f.getKey().toLowerCase(Locale.ROOT).equals(name) && f.getValue().isTextual()
            && !f.getValue().asText().isBlank()) {
          return f.getValue().asText().replaceAll("\\s+", " ").trim();
        }
      }
    }
    return null;
  }

  private static String cut(String s) {
    return s.length() <= MAX ? s : s.substring(0, MAX) + "...";
  }
}

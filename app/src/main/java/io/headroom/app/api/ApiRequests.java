package io.headroom.app.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.headroom.model.Utf8;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Locale;

/**
 * What a request says, read and checked: its JSON body and fields, its query parameters. A value
 * that does not do is an {@link ApiException} naming the field, which the handler's worker turns
 * into a 400.
 */
final class ApiRequests {
  static final ObjectMapper JSON = new ObjectMapper();
  static final int MAX_LIST = 1000;

  private ApiRequests() {}

  /** The body as a JSON object; an empty one when there is no body. */
  static JsonNode body(RoutingContext ctx) {
    return body(ctx.body() == null || ctx.body().buffer() == null ? null : ctx.body().buffer().getBytes());
  }

  /**
   * A body's bytes as a JSON object; an empty one for none. Decoded strictly: a byte that is not
   * UTF-8 is a 400 naming it, where decoding with replacement stored "g-\uFFFD(" as given.
   */
  static JsonNode body(byte[] bytes) {
    if (bytes == null) {
      return JSON.createObjectNode();
    }
    String text;
    try {
      text = Utf8.decode(bytes);
    } catch (IllegalArgumentException e) {
      throw ApiException.badRequest("body: " + e.getMessage());
    }
    if (text.isBlank()) {
      return JSON.createObjectNode();
    }
    try {
      JsonNode node = JSON.readTree(text);
      if (!(node instanceof ObjectNode)) {
        throw ApiException.badRequest("body: must be a JSON object");
      }
      return node;
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw ApiException.badRequest("body: not JSON: " + e.getOriginalMessage());
    }
  }

  static String text(JsonNode body, String field, String otherwise) {
    JsonNode n = body.get(field);
    if (n == null || n.isNull()) {
      return otherwise;
    }
    if (!n.isTextual()) {
      throw ApiException.badRequest(field + ": must be a string");
    }
    return n.asText();
  }

  /** {@code at}: when it happened, Unix seconds; now when absent (the tool calls as it goes). */
  static double at(JsonNode body) {
    JsonNode n = body.get("at");
    if (n == null || n.isNull()) {
      return System.currentTimeMillis() / 1000.0;
    }
    if (!n.isNumber()) {
      throw ApiException.badRequest("at: must be Unix seconds (a number)");
    }
    return RequestChecks.unixSeconds("at", n.asDouble());
  }

  /** A query parameter (checked as an id: it reaches the database as one), or null. */
  static String param(RoutingContext ctx, String name) {
    List<String> values = ctx.queryParam(name);
    return values.isEmpty() || values.get(0).isBlank() ? null : RequestChecks.key(name, values.get(0));
  }

  static Double seconds(RoutingContext ctx, String name) {
    String v = param(ctx, name);
    if (v == null) {
      return null;
    }
    try {
      return RequestChecks.unixSeconds(name, Double.parseDouble(v));
    } catch (NumberFormatException e) {
      throw ApiException.badRequest(name + ": must be a number (Unix seconds), got \"" + v + "\"");
    }
  }

  /** {@code limit}: how many runs to list, 1 to {@value #MAX_LIST} (100 when absent). */
  static int limit(RoutingContext ctx) {
    String v = param(ctx, "limit");
    if (v == null) {
      return 100;
    }
    try {
      int n = Integer.parseInt(v);
      if (n >= 1 && n <= MAX_LIST) {
        return n;
      }
    } catch (NumberFormatException e) {
      // answered below, with the range
    }
    throw ApiException.badRequest("limit: must be a whole number from 1 to " + MAX_LIST + ", got \"" + v + "\"");
  }

  /**
   * ?format=pdf, or an Accept header that names application/pdf and not text/html (a browser's
   * Accept names both and gets the page).
   */
  static boolean wantsPdf(RoutingContext ctx) throws ApiException {
    String format = ctx.request().getParam("format");
    if (format != null) {
      if (!format.equals("pdf") && !format.equals("html")) {
        throw ApiException.badRequest("format: html or pdf, not \"" + format + "\"");
      }
      return format.equals("pdf");
    }
    String accept = ctx.request().getHeader("Accept");
    return accept != null && accept.contains("application/pdf") && !accept.contains("text/html");
  }

  /** The body's media type, lower case, without its parameters; "" when none is given. */
  static String mediaType(RoutingContext ctx) {
    String type = ctx.request().getHeader("Content-Type");
    return type == null ? "" : type.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
  }
}

package io.headroom.collector.remote;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps secrets out of what is printed: known secret values anywhere in a text, the user:password
 * part of URLs, the values of query parameters that look like credentials (?token=, &sig=, ...),
 * and the values of headers that carry them (Authorization, Cookie, X-Auth-Token, ...). It errs on
 * the side of hiding: a masked harmless value costs less than a leaked password. A secret is
 * masked where it stands whole, not inside a longer word or number: a one-letter password masked
 * everywhere turned "UnknownHostException" into "UnknownHostE***ception". So a secret must be at
 * least {@link #MIN_SECRET_LENGTH} characters ({@link Credentials} refuses a shorter password).
 */
public final class Redaction {
  public static final String MASK = "***";
  /**
   * The shortest password taken: a shorter one is a common word or number (a, ok, 123) whose every
   * whole occurrence in a message would be masked, and a guess away anyway.
   */
  public static final int MIN_SECRET_LENGTH = 4;
  public static final Redaction NONE = new Redaction(List.of());

  private static final Pattern USERINFO = Pattern.compile("([a-zA-Z][a-zA-Z0-9+.-]*://)[^/?#\\s@]+@");
  private static final Pattern PARAM = Pattern.compile("([?&;])([^=&#;\\s]+)=([^&#;\\s]*)");
  private static final Set<String> PARAM_NAMES = Set.of(
      "key", "sig", "signature", "pass", "pwd", "passwd", "sid", "session", "sessionid", "code", "jwt", "apikey");
  private static final List<String> PARAM_PARTS = List.of(
      "token", "password", "secret", "auth", "credential", "api_key", "signature");
  private static final List<String> HEADER_PARTS = List.of(
      "authorization", "cookie", "token", "secret", "password", "api-key", "apikey", "session", "auth");

  private final List<String> secrets;

  private Redaction(List<String> secrets) {
    this.secrets = secrets;
  }

  /** A redaction of these values (longest first, so a secret inside another is not half-shown). */
  public static Redaction of(Collection<String> secrets) {
    List<String> s = new ArrayList<>();
    for (String v : secrets) {
      if (v != null && !v.isEmpty() && !s.contains(v)) {
        s.add(v);
      }
    }
    s.sort(Comparator.comparingInt(String::length).reversed());
    return new Redaction(List.copyOf(s));
  }

  /** This redaction and one more value (a session token learnt later). */
  public Redaction with(String secret) {
    List<String> s = new ArrayList<>(secrets);
    s.add(secret);
    return of(s);
  }

  /** The text with known secrets, URL credentials and credential-like query values masked. */
  public String redact(String text) {
    if (text == null) {
      return null;
    }
    String out = text;
    for (String s : secrets) {
      out = masked(out, s);
    }
    return urls(out);
  }

  /** {@code text} with each whole occurrence of {@code secret} masked: not one inside a longer word or number. */
  static String masked(String text, String secret) {
    int at = text.indexOf(secret);
    if (at < 0) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length());
    int from = 0;
    for (; at >= 0; at = text.indexOf(secret, at + 1)) {
      if (at < from || !whole(text, at, at + secret.length())) {
        continue;
      }
      out.append(text, from, at).append(MASK);
      from = at + secret.length();
    }
    return out.append(text, from, text.length()).toString();
  }

  /** Whether text[start, end) is not continued by a letter or digit on a side where it ends in one. */
  private static boolean whole(String text, int start, int end) {
    boolean before = start > 0 && Character.isLetterOrDigit(text.charAt(start - 1))
        && Character.isLetterOrDigit(text.charAt(start));
    boolean after = end < text.length() && Character.isLetterOrDigit(text.charAt(end))
        && Character.isLetterOrDigit(text.charAt(end - 1));
    return !before && !after;
  }

  /** A URL (or any text holding URLs) with its user:password@ and credential query values masked. */
  public static String url(String url) {
    return url == null ? null : urls(url);
  }

  private static String urls(String text) {
    if (text.indexOf('@') < 0 && text.indexOf('=') < 0) {
      return text; // neither user:password@ nor a query value: nothing either pattern could match
    }
    String out = USERINFO.matcher(text).replaceAll("$1" + MASK + "@");
    Matcher m = PARAM.matcher(out);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      String replacement = sensitiveParameter(m.group(2)) ? m.group(1) + m.group(2) + "=" + MASK : m.group();
      m.appendReplacement(sb, Matcher.quoteReplacement(replacement));
    }
    m.appendTail(sb);
    return sb.toString();
  }

  static boolean sensitiveParameter(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    return PARAM_NAMES.contains(n) || PARAM_PARTS.stream().anyMatch(n::contains);
  }

  /** Whether a header carries a credential (Authorization, Cookie, Set-Cookie, X-Auth-Token, DELL-EMC-TOKEN, ...). */
  public static boolean sensitiveHeader(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    return HEADER_PARTS.stream().anyMatch(n::contains);
  }

  /** The header's value, or the mask if it carries a credential. */
  public static String header(String name, String value) {
    return sensitiveHeader(name) ? MASK : value;
  }

  /** Headers as they may be printed. */
  public static Map<String, List<String>> headers(Map<String, List<String>> headers) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    headers.forEach((k, v) -> out.put(k, sensitiveHeader(k) ? v.stream().map(x -> MASK).toList() : v));
    return out;
  }
}

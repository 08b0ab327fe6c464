package io.headroom.standin;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The authentication a device asks for: HTTP Basic, and/or a session made by a POST of the
 * credentials (Redfish: {"UserName", "Password"} to /redfish/v1/SessionService/Sessions; arrays
 * that log in with Basic on that POST work too) that answers with a token header and a Location,
 * ended by a DELETE of that location. A missing, wrong or expired token is a 401, as on a BMC.
 */
final class Auth {
  private static final Pattern USER = Pattern.compile("\"UserName\"\\s*:\\s*\"([^\"]*)\"");
  private static final Pattern PASSWORD = Pattern.compile("\"Password\"\\s*:\\s*\"([^\"]*)\"");

  private final String username;
  private final String password;
  private final boolean basic;
  private final String tokenHeader;
  private final String sessionsPath;
  private final Map<String, String> tokens = new ConcurrentHashMap<>(); // session path -> token
  private final AtomicInteger ids = new AtomicInteger();
  private final SecureRandom random = new SecureRandom();

  Auth(String username, String password, boolean basic, String tokenHeader, String sessionsPath) {
    this.username = username;
    this.password = password;
    this.basic = basic;
    this.tokenHeader = tokenHeader;
    this.sessionsPath = sessionsPath;
  }

  int sessions() {
    return tokens.size();
  }

  void expireAll() {
    tokens.clear();
  }

  /** The reply that ends the request here (a session made or ended, a 401), or null to go on. */
  StandinReply check(StandinRequest req) {
    if (tokenHeader != null && req.method().equals("POST") && req.path().equals(sessionsPath)) {
      return create(req);
    }
    boolean known = basicMatches(req) || tokenMatches(req);
    if (tokenHeader != null && req.method().equals("DELETE") && tokens.containsKey(req.path())) {
      if (!known) {
        return unauthorized();
      }
      tokens.remove(req.path());
      return new StandinReply(204, Map.of(), new byte[0]);
    }
    return known ? null : unauthorized();
  }

  private StandinReply create(StandinRequest req) {
    String body = req.bodyText();
    Matcher u = USER.matcher(body);
    Matcher p = PASSWORD.matcher(body);
    boolean ok = (u.find() && p.find() && u.group(1).equals(username) && p.group(1).equals(password))
        || basicMatches(req);
    if (!ok) {
      return unauthorized();
    }
    String id = Integer.toString(ids.incrementAndGet());
    String location = sessionsPath + "/" + id;
    byte[] raw = new byte[16];
    random.nextBytes(raw);
    String token = HexFormat.of().formatHex(raw);
    tokens.put(location, token);
    return StandinReply.json(201, "{\"@odata.id\":\"" + location + "\",\"Id\":\"" + id + "\",\"UserName\":\"" + username + "\"}")
        .withHeader(tokenHeader, token)
        .withHeader("Location", location);
  }

  private boolean basicMatches(StandinRequest req) {
    String h = req.header("Authorization");
    if (!basic || h == null || !h.regionMatches(true, 0, "Basic ", 0, 6)) {
      return false;
    }
    String expected = Base64.getEncoder().encodeToString((username + ":" + password).getBytes(StandardCharsets.UTF_8));
    return h.substring(6).trim().equals(expected);
  }

  private boolean tokenMatches(StandinRequest req) {
    String t = tokenHeader == null ? null : req.header(tokenHeader);
    return t != null && tokens.containsValue(t);
  }

  private StandinReply unauthorized() {
    StandinReply r = StandinReply.json(401,
        "{\"error\":{\"code\":\"Base.1.0.NoValidSession\",\"message\":\"authentication required\"}}");
    return basic ? r.withHeader("WWW-Authenticate", "Basic realm=\"standin\"") : r;
  }
}

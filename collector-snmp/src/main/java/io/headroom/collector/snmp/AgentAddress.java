package io.headroom.collector.snmp;

import java.util.Optional;

/** An agent's {@code host:port} (or {@code [v6]:port}); the port defaults to 161. */
record AgentAddress(String host, int port) {
  static final int DEFAULT_PORT = 161;

  static AgentAddress parse(String text) {
    String s = text.trim();
    int colon = s.lastIndexOf(':');
    boolean bracketed = s.startsWith("[");
    if (bracketed) {
      int close = s.indexOf(']');
      String host = s.substring(1, close);
      return new AgentAddress(host, close + 1 < s.length() ? Integer.parseInt(s.substring(close + 2)) : DEFAULT_PORT);
    }
    if (colon < 0 || s.indexOf(':') != colon) {
      return new AgentAddress(s, DEFAULT_PORT); // no port, or a bare IPv6 address
    }
    return new AgentAddress(s.substring(0, colon), Integer.parseInt(s.substring(colon + 1)));
  }

  /** Why {@code text} is no agent address, if it is not. */
  static Optional<String> problem(String text) {
    try {
      AgentAddress a = parse(text);
      if (a.host.isBlank()) {
        return Optional.of("\"" + text + "\" has no host");
      }
      if (a.port < 1 || a.port > 65535) {
        return Optional.of("\"" + text + "\": port must be 1..65535");
      }
      return Optional.empty();
    } catch (RuntimeException e) {
      return Optional.of("\"" + text + "\" is not host:port");
    }
  }

  @Override
  public String toString() {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }
}

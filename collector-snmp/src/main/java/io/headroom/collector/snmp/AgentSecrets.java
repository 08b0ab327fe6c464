package io.headroom.collector.snmp;

import io.headroom.collector.remote.Secret;
import io.headroom.config.ConfigException;
import java.util.function.Function;

/**
 * An agent's community (v2c) or USM passwords (v3), read from the environment variables the
 * settings name. Problems name the variable, never what was in it.
 */
record AgentSecrets(Secret community, Secret authPassword, Secret privPassword) {
  static AgentSecrets resolve(SnmpSettings s, Function<String, String> env, String where) throws ConfigException {
    if (s.isV3()) {
      SnmpV3Settings u = s.v3();
      return new AgentSecrets(null, fromEnv(env, u.authPasswordEnv(), "v3.auth_password_env", where, 8),
          fromEnv(env, u.privPasswordEnv(), "v3.priv_password_env", where, 8));
    }
    Secret community = s.community() != null ? Secret.of(s.community())
        : fromEnv(env, s.communityEnv(), "community_env", where, 1);
    return new AgentSecrets(community, null, null);
  }

  /** USM passwords shorter than 8 characters are refused by RFC 3414's key derivation (and by agents). */
  private static Secret fromEnv(Function<String, String> env, String variable, String key, String where, int minLength)
      throws ConfigException {
    String value = env.apply(variable);
    if (value == null || value.isEmpty()) {
      throw new ConfigException(where + ": " + key + ": environment variable " + variable + " is "
          + (value == null ? "not set" : "empty"));
    }
    if (value.length() < minLength) {
      throw new ConfigException(where + ": " + key + ": the value of " + variable + " is shorter than "
          + minLength + " characters (RFC 3414)");
    }
    return Secret.of(value);
  }
}

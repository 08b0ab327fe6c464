package io.headroom.collector.snmp;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code v3:} mapping: USM with authentication and privacy (authPriv), the passwords read from
 * environment variables so they are never in the testbed file.
 */
record SnmpV3Settings(String user, AuthProtocol auth, String authPasswordEnv, PrivProtocol priv, String privPasswordEnv) {
  List<String> validate() {
    List<String> problems = new ArrayList<>();
    if (user == null || user.isBlank()) {
      problems.add("user: required");
    }
    if (auth == null) {
      problems.add("auth: required (one of SHA-224, SHA-256, SHA-384, SHA-512, SHA)");
    }
    if (authPasswordEnv == null || authPasswordEnv.isBlank()) {
      problems.add("auth_password_env: required (the environment variable holding the password)");
    }
    if (priv == null) {
      problems.add("priv: required (one of AES-128, AES-192, AES-256, AES-192-C, AES-256-C)");
    }
    if (privPasswordEnv == null || privPasswordEnv.isBlank()) {
      problems.add("priv_password_env: required (the environment variable holding the password)");
    }
    return problems;
  }

  /** USM authentication protocols: HMAC-SHA-2 (RFC 7860) and, for older agents, HMAC-SHA-1 (RFC 3414). */
  enum AuthProtocol {
    SHA, SHA_224, SHA_256, SHA_384, SHA_512
  }

  /**
   * USM privacy: AES-128 (RFC 3826); AES-192/256 with the key extension of draft-blumenthal (what
   * net-snmp does); the "-C" variants with the 3DES-style key extension (draft-reeder) that Cisco
   * and some others use.
   */
  enum PrivProtocol {
    AES_128, AES_192, AES_256, AES_192_C, AES_256_C
  }
}

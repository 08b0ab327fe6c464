package io.headroom.collector.snmp;

import io.headroom.model.EntityKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * An {@code snmp} source's section of the testbed file as written (docs/configuration.md, "snmp"),
 * bound by the settings binder. One section is one agent.
 *
 * @param agent UDP {@code host:port} of the agent (port 161 when left out)
 * @param version {@code 2c} or {@code 3} (YAML reads {@code 3} as a number: any scalar is taken as text)
 * @param community the v2c community as written; {@code community_env} keeps it out of the file
 * @param role what HOST-RESOURCES CPUs of this agent become
 * @param maxRepetitions GETBULK max-repetitions to start from; lowered on tooBig, never raised
 * @param timeout how long one request waits for its answer
 * @param retries how often a request is sent again after a timeout
 * @param walkTimeout the longest the walks of one scrape may take: requests not begun by then are
 *     not sent, the walk under way keeps what it read, and the tables not yet walked wait for the
 *     next scrape
 */
record SnmpSettings(String agent, Object version, String community, String communityEnv, SnmpV3Settings v3,
    Role role, Integer maxRepetitions, Duration timeout, Integer retries, Duration walkTimeout) {
  /** Agents differ: some need 10, some are fast at 50; past this a response no longer fits one datagram. */
  static final int MAX_REPETITIONS_CAP = 100;
  /**
   * A 9,551-value switch (the Arista capture) is about 400 requests: 20 s at 50 ms each. Two
   * minutes, as a Redfish walk's, is room for a slow agent and a large table, and still ends a
   * scrape that would not (200,000 values answered just inside a 1 s timeout: over two hours).
   */
  static final Duration DEFAULT_WALK_TIMEOUT = Duration.ofMinutes(2);
  static final Duration MIN_WALK_TIMEOUT = Duration.ofSeconds(1);
  static final Duration MAX_WALK_TIMEOUT = Duration.ofHours(1);

  SnmpSettings {
    version = version == null ? "2c" : version.toString();
    role = role == null ? Role.SWITCH : role;
    maxRepetitions = maxRepetitions == null ? 25 : maxRepetitions;
    timeout = timeout == null ? Duration.ofSeconds(1) : timeout;
    retries = retries == null ? 1 : retries;
    walkTimeout = walkTimeout == null ? DEFAULT_WALK_TIMEOUT : walkTimeout;
  }

  List<String> validate() {
    List<String> problems = new ArrayList<>();
    if (agent == null || agent.isBlank()) {
      problems.add("agent: required (UDP host:port of the agent, e.g. 10.0.0.2:161)");
    } else {
      AgentAddress.problem(agent).ifPresent(p -> problems.add("agent: " + p));
    }
    if (!version.equals("2c") && !version.equals("3")) {
      problems.add("version: \"" + version + "\" is not one of [2c, 3]");
    }
    if (version.equals("2c")) {
      if ((community == null) == (communityEnv == null)) {
        problems.add("version 2c needs exactly one of community, community_env");
      }
      if (v3 != null) {
        problems.add("v3: only with version: 3");
      }
    }
    if (isV3()) {
      if (v3 == null) {
        problems.add("v3: required with version: 3 (user, auth, auth_password_env, priv, priv_password_env)");
      }
      if (community != null || communityEnv != null) {
        problems.add("community, community_env: only with version: 2c");
      }
    }
    if (maxRepetitions < 1 || maxRepetitions > MAX_REPETITIONS_CAP) {
      problems.add("max_repetitions: must be 1.." + MAX_REPETITIONS_CAP + ", not " + maxRepetitions);
    }
    if (timeout.toMillis() < 10 || timeout.toSeconds() > 60) {
      problems.add("timeout: must be 10ms..60s, not " + timeout);
    }
    if (retries < 0 || retries > 10) {
      problems.add("retries: must be 0..10, not " + retries);
    }
    if (walkTimeout.compareTo(MIN_WALK_TIMEOUT) < 0 || walkTimeout.compareTo(MAX_WALK_TIMEOUT) > 0) {
      problems.add("walk_timeout: must be 1s..1h, not " + io.headroom.config.Durations.format(walkTimeout));
    }
    return problems;
  }

  /** SNMPv3 (USM) rather than v2c. */
  boolean isV3() {
    return version.equals("3");
  }

  /** What HOST-RESOURCES-MIB processors of an agent are in Headroom's model. */
  enum Role {
    SWITCH(EntityKind.SWITCH_CPU),
    ARRAY(EntityKind.ARRAY_CPU),
    HOST(EntityKind.HOST_CPU);

    final String cpuKind;

    Role(String cpuKind) {
      this.cpuKind = cpuKind;
    }
  }
}

package io.headroom.analyzer.ingest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * How an analyzer belongs to its consumer group, which decides how long its partitions wait after
 * it is killed (docs/architecture.md, "After an analyzer is killed"). A killed consumer sends no
 * LeaveGroup: the broker holds its partitions until its session times out (Kafka's default 45 s)
 * and only then hands them to the others, or to its own restart. A static member (Kafka's
 * {@code group.instance.id}) that comes back under the same id within the session gets its
 * partitions back at once, with no rebalance; the session timeout is shortened to 10 s so a
 * killed analyzer that does not come back costs the others that long.
 *
 * @param instanceId the static member's id, or null for a dynamic member
 */
public record GroupMembership(String instanceId, Duration sessionTimeout) {
  /** 10 s: heartbeats every 3 s (a third), from the consumer's own thread, so a slow database does not expire it. */
  public static final Duration SESSION_TIMEOUT = Duration.ofSeconds(10);
  /** The broker's default bounds (group.min.session.timeout.ms, group.max.session.timeout.ms). */
  static final Duration MIN_SESSION = Duration.ofSeconds(6);
  static final Duration MAX_SESSION = Duration.ofMinutes(30);
  /** What Kafka takes as a group.instance.id. */
  private static final Pattern LEGAL_ID = Pattern.compile("[A-Za-z0-9._-]{1,249}");
  private static final Pattern ILLEGAL_CHARS = Pattern.compile("[^A-Za-z0-9._-]");

  public static GroupMembership dynamic() {
    return new GroupMembership(null, SESSION_TIMEOUT);
  }

  public static GroupMembership staticAs(String instanceId) {
    return new GroupMembership(instanceId, SESSION_TIMEOUT);
  }

  /** "headroom-HOST-NAME", what Kafka refuses in an instance id replaced by '_': stable across restarts on a host. */
  public static String defaultInstanceId(String host, String name) {
    return ILLEGAL_CHARS.matcher("headroom-" + host + "-" + name).replaceAll("_");
  }

  public List<String> validate() {
    List<String> problems = new ArrayList<>();
    if (instanceId != null && !LEGAL_ID.matcher(instanceId).matches()) {
      problems.add("instance id \"" + instanceId + "\": 1 to 249 of A-Z, a-z, 0-9, '.', '_', '-'");
    }
    if (sessionTimeout.compareTo(MIN_SESSION) < 0 || sessionTimeout.compareTo(MAX_SESSION) > 0) {
      problems.add("session timeout " + sessionTimeout.toMillis() + " ms: the broker takes 6 s to 30 min by default");
    }
    return problems;
  }

  /** A third of the session, as Kafka advises: two heartbeats can be lost before it expires. */
  int heartbeatMillis() {
    return (int) (sessionTimeout.toMillis() / 3);
  }

  /** The line logged at start: what a rebalance after a kill of this analyzer waits for. */
  String describe(String groupId) {
    long s = sessionTimeout.toSeconds();
    if (instanceId == null) {
      return "consumer group " + groupId + ": a dynamic member (no instance id); if this analyzer is killed, its "
          + "partitions wait for its session timeout of " + s + " s before another analyzer or its restart takes them";
    }
    return "consumer group " + groupId + ": static member " + instanceId + "; restarted within its session timeout of "
        + s + " s it takes its partitions back at once, with no rebalance; killed and not restarted, the others take "
        + "them after " + s + " s; a stop leaves the group, so they take them at once";
  }
}

package io.headroom.collector.snmp;

import io.headroom.config.Durations;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.snmp4j.PDU;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.VariableBinding;

/**
 * Walks one table with GETBULK, one request after another from the last OID returned. The agent's
 * max-repetitions starts at the configured value and is halved on every tooBig answer (and stays
 * lowered for later walks, as such an agent will say it again). A walk ends at the table's end;
 * an agent that goes silent, answers with an error or returns an OID that is not after the last
 * one ends it early with what it gave so far, marked incomplete; so does a scrape's walk_timeout
 * ({@link #begin}), checked before each request.
 */
final class Walker {
  /** No table Headroom reads has more; an agent that never ends a walk is cut off here. */
  static final int MAX_BINDINGS = 200_000;

  private final AgentRequests session;
  private final int configuredRepetitions;
  private int maxRepetitions;
  /** System.nanoTime() past which no request is sent; set by {@link #begin} (none before: walkTimeout null). */
  private long deadline;
  private Duration walkTimeout;

  Walker(AgentRequests session, int maxRepetitions) {
    this.session = session;
    this.configuredRepetitions = maxRepetitions;
    this.maxRepetitions = maxRepetitions;
  }

  /**
   * A scrape begins: its walks send no request later than {@code walkTimeout} from now (what was
   * answered by then is kept). Without it an agent that answers each request just inside its
   * timeout, or a table that never ends, holds the scrape for as long as 200,000 values take.
   */
  void begin(Duration walkTimeout) {
    this.walkTimeout = walkTimeout;
    this.deadline = System.nanoTime() + walkTimeout.toNanos();
  }

  /** Null while the scrape's walks are within walk_timeout; else that it passed. */
  String pastDeadline() {
    boolean past = walkTimeout != null && System.nanoTime() - deadline > 0;
    return past ? "walk_timeout " + Durations.format(walkTimeout) + " passed" : null;
  }

  /** The max-repetitions the next request uses: the configured one, or lower after tooBig. */
  int maxRepetitions() {
    return maxRepetitions;
  }

  /** Null while the configured max-repetitions works; else what it was lowered to and why. */
  String loweredNote() {
    return maxRepetitions == configuredRepetitions ? null
        : "max_repetitions lowered from " + configuredRepetitions + " to " + maxRepetitions + " after tooBig answers";
  }

  TableWalk walk(OID entry) throws IOException {
    List<VariableBinding> out = new ArrayList<>();
    List<Long> times = new ArrayList<>();
    OID last = entry;
    while (out.size() < MAX_BINDINGS) {
      String late = pastDeadline();
      if (late != null) {
        return result(entry, out, times, late + " after " + out.size() + " values: the rest waits for the next scrape");
      }
      PDU request = session.pdu(PDU.GETBULK);
      request.setNonRepeaters(0);
      request.setMaxRepetitions(maxRepetitions);
      request.add(new VariableBinding(last));
      long sent = System.nanoTime();
      PDU response = session.send(request);
      long at = sent + (System.nanoTime() - sent) / 2;
      if (response == null) {
        return result(entry, out, times, "no answer after " + out.size() + " values (" + session.patience() + ")");
      }
      if (response.getErrorStatus() == PDU.tooBig && maxRepetitions > 1) {
        maxRepetitions = Math.max(1, maxRepetitions / 2);
        continue;
      }
      if (response.getErrorStatus() != PDU.noError) {
        return result(entry, out, times, "agent answered " + response.getErrorStatusText() + " after " + out.size()
            + " values");
      }
      int before = out.size();
      Step step = take(response, entry, last, out);
      for (int i = before; i < out.size(); i++) {
        times.add(at);
      }
      if (step.incomplete != null) {
        return result(entry, out, times, step.incomplete);
      }
      if (step.ended) {
        return result(entry, out, times, null);
      }
      last = out.get(out.size() - 1).getOid();
    }
    return result(entry, out, times, "more than " + MAX_BINDINGS + " values: walk cut off");
  }

  private static TableWalk result(OID entry, List<VariableBinding> out, List<Long> times, String incomplete) {
    return new TableWalk(entry, out, times.stream().mapToLong(Long::longValue).toArray(), incomplete);
  }

  private record Step(boolean ended, String incomplete) {}

  /** Adds the response's bindings inside the table; says whether the table ended or went wrong. */
  private static Step take(PDU response, OID entry, OID last, List<VariableBinding> out) {
    if (response.size() == 0) {
      return new Step(true, null);
    }
    OID previous = last;
    for (VariableBinding vb : response.getVariableBindings()) {
      OID oid = vb.getOid();
      if (vb.isException() || !oid.startsWith(entry)) {
        return new Step(true, null); // endOfMibView, or past the table
      }
      if (oid.compareTo(previous) <= 0) {
        return new Step(false, "agent returned " + oid + " after " + previous + " (not increasing): walk stopped");
      }
      out.add(vb);
      previous = oid;
    }
    return new Step(false, null);
  }
}

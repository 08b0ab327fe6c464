package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.redfish.Fetcher.Fetched;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.StreamSupport;

/**
 * Reads each port's counter resources once while walking, so a port whose resources hold no
 * counter (iDRAC 7.10.30's BlueField-3 ports: Port Metrics with only a Transceivers array of
 * nulls, functions Disabled) is said to be "not offered" in discover instead of polled in silence.
 * A port whose resource fails now is kept, and each scrape reports the failure (not the walk too).
 */
final class PortCounters {
  private static final List<String> NOT_COUNTERS = List.of("@odata.context", "@odata.id", "@odata.type", "@odata.etag",
      "Id", "Name", "Description", "Oem");

  private PortCounters() {}

  static void probe(Fetcher fetcher, Inventory inv, List<PortPoll> polls) {
    List<String> paths = new ArrayList<>();
    for (PortPoll p : polls) {
      if (p.polled()) {
        paths.addAll(p.paths());
      }
    }
    List<Fetched> got = fetcher.getAll(paths);
    int i = 0;
    for (PortPoll p : polls) {
      if (!p.polled()) {
        inv.degraded.add(p.entity() + ": not offered: port counters (" + nowhere(inv.profile.oem()) + disabled(p) + ")");
        continue;
      }
      List<Fetched> mine = got.subList(Math.min(i, got.size()), Math.min(i + p.paths().size(), got.size()));
      i += p.paths().size();
      if (mine.size() < p.paths().size() || mine.stream().anyMatch(f -> !f.ok())) {
        inv.ports.add(p); // the scrape says what fails
        continue;
      }
      List<JsonNode> docs = mine.stream().map(Fetched::doc).toList();
      if (PortReading.of(docs, p.format()).any()) {
        inv.ports.add(p);
      } else {
        inv.degraded.add(p.entity() + ": not offered: port counters (" + p.paths().get(0)
            + " holds none of the counters read" + holds(docs.get(0)) + disabled(p) + ")");
      }
    }
  }

  /**
   * Where the walk looked for the port's counters and found none: the DMTF PortMetrics link, and
   * the functions' OEM port metrics where the BMC's profile names some.
   */
  private static String nowhere(BmcProfile.Oem oem) {
    return oem.functionPortMetrics().isEmpty() ? "no PortMetrics, and the BMC's profile names no OEM port metrics"
        : "no PortMetrics, no " + String.join(" or ", oem.functionPortMetrics()) + " under its functions' Oem." + oem.key();
  }

  /** "; it holds only Transceivers", naming what the resource does hold. */
  private static String holds(JsonNode doc) {
    List<String> fields = new ArrayList<>();
    StreamSupport.stream(((Iterable<String>) doc::fieldNames).spliterator(), false)
        .filter(f -> !NOT_COUNTERS.contains(f)).forEach(fields::add);
    return fields.isEmpty() ? "" : "; it holds only " + String.join(", ", fields);
  }

  private static String disabled(PortPoll p) {
    return p.disabledFunctions().isEmpty() ? "" : "; function " + String.join(", ", p.disabledFunctions())
        + " NetDevFuncType Disabled";
  }
}

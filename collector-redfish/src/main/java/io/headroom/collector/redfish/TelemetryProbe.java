package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.redfish.Fetcher.Fetched;
import io.headroom.model.Entity;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Decides whether usage arrives by the SSE telemetry stream or by polling, and says why in the
 * CPU entity's {@code telemetry} attribute: the stream needs an EventService with a
 * ServerSentEventUri, an enabled TelemetryService and its SystemUsage report. What is missing is
 * "not offered" (HPE iLO streams only on Intel, Supermicro only power), never an error.
 */
final class TelemetryProbe {
  /** The metric-report filter as the Redfish specification writes it (quoted), and as iDRAC 4.x takes it. */
  static final String FILTER_QUOTED = "?$filter=EventFormatType%20eq%20%27MetricReport%27";
  static final String FILTER_UNQUOTED = "?$filter=EventFormatType%20eq%20MetricReport";

  private TelemetryProbe() {}

  static void probe(Fetcher fetcher, Inventory inv, JsonNode root, RedfishSettings.Telemetry mode) {
    String why = mode == RedfishSettings.Telemetry.POLL ? "telemetry: poll" : unavailable(fetcher, inv, root);
    if (why == null) {
      mark(inv, "sse");
      return;
    }
    inv.streamUri = null;
    mark(inv, "poll (" + why + ")");
    if (mode != RedfishSettings.Telemetry.POLL && !inv.usage.isEmpty()) {
      String note = inv.cpuId() + ": usage polled, telemetry stream not offered: " + why;
      if (mode == RedfishSettings.Telemetry.SSE) {
        inv.problems.add(note + " (telemetry: sse asks for it)");
      } else {
        inv.degraded.add(note);
      }
    }
  }

  /** Why the stream cannot be used, or null after setting the stream's uri. */
  private static String unavailable(Fetcher fetcher, Inventory inv, JsonNode root) {
    String events = Json.link(root.get("EventService"));
    String telemetry = Json.link(root.get("TelemetryService"));
    if (events == null || telemetry == null) {
      return "no " + (events == null ? "EventService" : "TelemetryService");
    }
    Fetched e = fetcher.get(events);
    Fetched t = fetcher.get(telemetry);
    if (!e.ok() || !t.ok()) {
      Fetched bad = !e.ok() ? e : t;
      if (!bad.error().notOffered()) {
        inv.problem(bad.error());
      }
      return "unreadable " + Json.lastSegment(bad.path());
    }
    String sse = Json.text(e.doc().get("ServerSentEventUri"));
    if (sse == null) {
      return "no ServerSentEventUri";
    }
    if (!t.doc().path("ServiceEnabled").asBoolean(true)) {
      return "TelemetryService disabled on the BMC";
    }
    String reports = Json.link(t.doc().get("MetricReportDefinitions"));
    Fetched usage = reports == null ? null : fetcher.get(reports + "/SystemUsage");
    if (usage == null || !usage.ok()) {
      return "no SystemUsage metric report";
    }
    if (!usage.doc().path("MetricReportDefinitionEnabled").asBoolean(true)) {
      return "SystemUsage metric report disabled";
    }
    definitions(fetcher, inv, Json.link(t.doc().get("MetricDefinitions")));
    inv.streamUri = sse + FILTER_QUOTED;
    return null;
  }

  /** Units of the usage metrics, from their MetricDefinitions (a stream value is used only in "%"). */
  private static void definitions(Fetcher fetcher, Inventory inv, String definitions) {
    if (definitions == null) {
      return;
    }
    for (UsageSensor u : inv.usage) {
      Fetched d = fetcher.get(definitions + "/" + u.telemetryId());
      if (d.ok()) {
        String unit = Json.text(d.doc().get("Units"));
        inv.telemetryUnits.put(u.telemetryId(), unit == null ? "%" : unit);
      } else if (!d.error().notOffered()) {
        inv.problem(d.error());
      }
    }
  }

  private static void mark(Inventory inv, String how) {
    Entity cpu = inv.entities.get(inv.cpuId());
    if (cpu == null) {
      return;
    }
    Map<String, Object> attrs = new LinkedHashMap<>(cpu.attrs());
    attrs.put("telemetry", how);
    inv.entity(new Entity(cpu.id(), cpu.kind(), cpu.name(), attrs, cpu.capacity()));
  }
}

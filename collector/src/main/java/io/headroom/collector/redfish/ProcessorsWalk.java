package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.redfish.Fetcher.Fetched;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The CPU sockets: one {@code cpu_socket} per processor of type CPU, numbered from 0 like the
 * host source's NUMA nodes (Dell's CPU.Socket.1 is socket 0), {@code on} the server's CPU. Where a
 * processor links ProcessorMetrics, its BandwidthPercent is polled as the socket's util.
 */
final class ProcessorsWalk {
  private static final Pattern SOCKET_NUMBER = Pattern.compile("(\\d+)$");

  private ProcessorsWalk() {}

  static void walk(Fetcher fetcher, Inventory inv, String collection) {
    if (collection == null) {
      inv.degraded.add(inv.cpuId() + ": not offered: Processors (no sockets, no CPU affinity of devices)");
      return;
    }
    Fetched coll = fetcher.get(collection);
    if (!coll.ok()) {
      inv.problem(coll.error());
      return;
    }
    int position = 0;
    for (Fetched p : fetcher.getAll(Json.links(coll.doc().get("Members")))) {
      if (!p.ok()) {
        inv.problem(p.error());
        continue;
      }
      JsonNode doc = p.doc();
      String type = Json.text(doc.get("ProcessorType"));
      if (type != null && !type.equals("CPU")) {
        continue;
      }
      int number = socketNumber(doc, position++);
      String id = inv.id("socket/" + number);
      Map<String, Object> attrs = new LinkedHashMap<>();
      InventoryWalk.putIf(attrs, "socket", Json.text(doc.get("Socket")));
      InventoryWalk.putIf(attrs, "model", Json.text(doc.get("Model")));
      Double cores = Json.number(doc.get("TotalCores"));
      if (cores != null) {
        attrs.put("cores", cores.intValue());
      }
      Double threads = Json.number(doc.get("TotalThreads"));
      if (threads != null) {
        attrs.put("threads", threads.intValue());
      }
      inv.entity(new Entity(id, EntityKind.CPU_SOCKET, "socket " + number + " (" + Json.lastSegment(p.path()) + ")",
          attrs, Map.of("util", 1.0)));
      inv.relation(id, "on", inv.cpuId());
      inv.socketByPath.put(p.path(), id);
      String metrics = Json.link(doc.get("Metrics"));
      if (metrics != null) {
        inv.socketMetrics.put(id, metrics);
      }
    }
  }

  /** "CPU.Socket.2" is socket 1; a name without a number takes its place in the list. */
  private static int socketNumber(JsonNode doc, int position) {
    String name = Json.text(doc.get("Socket"));
    Matcher m = SOCKET_NUMBER.matcher(name == null ? "" : name);
    if (m.find()) {
      int n = Integer.parseInt(m.group(1));
      return n > 0 ? n - 1 : n;
    }
    return position;
  }
}

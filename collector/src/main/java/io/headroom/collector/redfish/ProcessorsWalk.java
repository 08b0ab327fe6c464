package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.redfish.Fetcher.Fetched;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import java.util.ArrayList;
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
    List<Fetched> cpus = new ArrayList<>();
    for (Fetched p : fetcher.getAll(Json.links(coll.doc().get("Members")))) {
      if (!p.ok()) {
        inv.problem(p.error());
        continue;
      }
      String type = Json.text(p.doc().get("ProcessorType"));
      if (type == null || type.equals("CPU")) {
        cpus.add(p);
      }
    }
    boolean fromZero = cpus.stream().anyMatch(p -> nameNumber(p.doc()) == 0);
    int position = 0;
    for (Fetched p : cpus) {
      JsonNode doc = p.doc();
      int number = socketNumber(doc, fromZero, position++);
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

  /**
   * "CPU.Socket.2" is socket 1 (Dell numbers from 1); where any socket's name ends in 0 ("CPU0",
   * "CPU1", as other BMCs name them) the names already count from 0 and are kept, else CPU0 and
   * CPU1 would both become socket 0. A name without a number takes its place in the list.
   */
  private static int socketNumber(JsonNode doc, boolean fromZero, int position) {
    int n = nameNumber(doc);
    if (n < 0) {
      return position;
    }
    return fromZero ? n : n - 1;
  }

  /** The number a socket's name ends in, or -1. */
  private static int nameNumber(JsonNode doc) {
    String name = Json.text(doc.get("Socket"));
    Matcher m = SOCKET_NUMBER.matcher(name == null ? "" : name);
    return m.find() ? Integer.parseInt(m.group(1)) : -1;
  }
}

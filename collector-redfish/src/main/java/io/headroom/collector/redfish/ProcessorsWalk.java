package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.redfish.Fetcher.Fetched;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Rel;
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

  /**
   * A system's processors as read: the CPUs present, the sockets the service lists as absent
   * (Status.State "Absent": an empty socket is not a CPU), and how many of each other type.
   */
  record Read(List<Fetched> cpus, List<String> absent, Map<String, Integer> others) {
    /** "8 GPU", "1 FPGA": what the system has instead of, or besides, CPUs. */
    String othersSaid() {
      return others.entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).reduce((a, b) -> a + ", " + b).orElse("none");
    }
  }

  /** Reads a Processors collection; members that fail are problems of the inventory. */
  static Read read(Fetcher fetcher, Inventory inv, String collection) {
    List<Fetched> cpus = new ArrayList<>();
    List<String> absent = new ArrayList<>();
    Map<String, Integer> others = new LinkedHashMap<>();
    for (Fetched p : fetcher.getAll(Members.of(fetcher, inv, collection))) {
      if (!p.ok()) {
        inv.problem(p.error());
        continue;
      }
      String type = Json.text(p.doc().get("ProcessorType"));
      if (Presence.absent(p.doc())) {
        absent.add(p.path());
      } else if (type == null || type.equals("CPU")) {
        cpus.add(p);
      } else {
        others.merge(type, 1, Integer::sum);
      }
    }
    return new Read(cpus, absent, others);
  }

  static void walk(Fetcher fetcher, Inventory inv, String collection) {
    walk(fetcher, inv, collection == null ? null : read(fetcher, inv, collection));
  }

  /** The sockets of processors already read (null: the system links no Processors). */
  static void walk(Fetcher fetcher, Inventory inv, Read read) {
    if (read == null) {
      inv.degraded.add(inv.cpuId() + ": not offered: Processors (no sockets, no CPU affinity of devices)");
      return;
    }
    for (String path : read.absent()) {
      inv.degraded.add(inv.cpuId() + ": " + path + " is an empty socket (Status.State Absent): not counted");
    }
    List<Fetched> cpus = read.cpus();
    List<Integer> numbers = numbers(cpus);
    for (int i = 0; i < cpus.size(); i++) {
      Fetched p = cpus.get(i);
      JsonNode doc = p.doc();
      int number = numbers.get(i);
      String id = inv.id("socket/" + number);
      Map<String, Object> attrs = new LinkedHashMap<>();
      InventoryWalk.putIf(attrs, "socket", Json.text(doc.get("Socket")));
      InventoryWalk.putIf(attrs, "model", Json.text(doc.get("Model")));
      Long cores = Json.counter(doc.get("TotalCores"));
      if (cores != null) {
        attrs.put("cores", cores.intValue());
      }
      Long threads = Json.counter(doc.get("TotalThreads"));
      if (threads != null) {
        attrs.put("threads", threads.intValue());
      }
      inv.entity(new Entity(id, EntityKind.CPU_SOCKET, "socket " + number + " (" + Json.lastSegment(p.path()) + ")",
          attrs, Map.of("util", 1.0)));
      inv.relation(id, Rel.ON, inv.cpuId());
      inv.socketByPath.put(p.path(), id);
      String metrics = Json.link(doc.get("Metrics"));
      if (metrics != null) {
        inv.socketMetrics.put(id, metrics);
      } else {
        inv.degraded.add(id + ": not offered: util (the processor links no ProcessorMetrics)");
      }
    }
    probeMetrics(fetcher, inv);
  }

  /**
   * Reads each socket's ProcessorMetrics once: one without BandwidthPercent (most non-Dell BMCs
   * serve the resource with other figures or none) is not polled, and discover says so; nor is one
   * the processor links but the service does not serve (a 404, as the capture
   * supermicro-sys-a21ge-hgx-b200 answers), which would otherwise fail every scrape.
   */
  private static void probeMetrics(Fetcher fetcher, Inventory inv) {
    List<String> sockets = List.copyOf(inv.socketMetrics.keySet());
    List<Fetched> got = fetcher.getAll(sockets.stream().map(inv.socketMetrics::get).toList());
    for (int i = 0; i < got.size(); i++) {
      Fetched f = got.get(i);
      if (!f.ok() && f.error().notOffered()) {
        inv.socketMetrics.remove(sockets.get(i));
        inv.degraded.add(sockets.get(i) + ": not offered: util (" + f.path() + " is linked but not served: "
            + f.error().reason() + ")");
      } else if (!f.ok()) {
        inv.problem(f.error()); // there, but failed now: keep polling it
      } else if (Json.number(f.doc().get("BandwidthPercent")) == null) {
        inv.socketMetrics.remove(sockets.get(i));
        inv.degraded.add(sockets.get(i) + ": not offered: util (" + f.path() + " has no BandwidthPercent)");
      }
    }
  }

  /**
   * The sockets' numbers by their names, or their places in the list where two names give the
   * same number (GH200's Grace sockets are "G1:0.0" and "G1:1.0": both end in 0).
   */
  private static List<Integer> numbers(List<Fetched> cpus) {
    boolean fromZero = cpus.stream().anyMatch(p -> nameNumber(p.doc()) == 0);
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < cpus.size(); i++) {
      out.add(socketNumber(cpus.get(i).doc(), fromZero, i));
    }
    if (new java.util.HashSet<>(out).size() == out.size()) {
      return out;
    }
    return java.util.stream.IntStream.range(0, cpus.size()).boxed().toList();
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

  /** The number a socket's name ends in, or -1 (none, or one past an int: found by RedfishTreeFuzzTest). */
  private static int nameNumber(JsonNode doc) {
    String name = Json.text(doc.get("Socket"));
    Matcher m = SOCKET_NUMBER.matcher(name == null ? "" : name);
    Integer n = m.find() ? Json.digits(m.group(1)) : null;
    return n == null ? -1 : n;
  }
}

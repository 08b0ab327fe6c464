package io.headroom.analyzer.detect;

import io.headroom.model.Rel;
import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.data.Series;
import io.headroom.analyzer.data.Window;
import io.headroom.model.EntityKind;
import io.headroom.model.Relation;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a window's I/O crosses: every entity reachable from the window's workloads along the
 * relations that carry its data or run its threads. Only these can be the verdict; a busy port
 * elsewhere is someone else's traffic.
 */
public final class DataPath {
  /** Relations followed from a workload outwards. cabled_to is not: each end is named by via. */
  static final Set<String> FOLLOWED = Set.of(Rel.TARGETS.wire(), Rel.VIA.wire(), Rel.BEHIND.wire(), Rel.ON.wire(), Rel.SERVED_BY.wire(), Rel.RUNS_ON.wire());

  private final RunData data;
  private final Set<String> workloads;
  private final Set<String> members;
  private final Set<String> clientSide;
  private final Map<String, List<Relation>> out;
  private final Map<String, List<String>> interruptsServed;

  private DataPath(RunData data, Set<String> workloads, Map<String, List<Relation>> out) {
    this.data = data;
    this.workloads = workloads;
    Set<String> cpus = cpusRunningOn(data, workloads, out);
    this.members = reach(workloads, out, FOLLOWED);
    this.members.addAll(cpus);
    this.clientSide = reach(workloads, out, CLIENT_SIDE);
    this.clientSide.addAll(cpus);
    this.out = out;
    // the CPUs serving the path's interrupts are on it by that role (docs/detection.md, Granularity)
    this.interruptsServed = InterruptCpus.of(data, members);
    for (Map.Entry<String, List<String>> e : interruptsServed.entrySet()) {
      members.add(e.getKey());
      if (e.getValue().stream().anyMatch(clientSide::contains)) {
        clientSide.add(e.getKey());
      }
    }
  }

  /** The path's PCIe links whose interrupts a CPU serves (its irq_cpus), in id order; empty for none. */
  public List<String> interruptsServedBy(String cpu) {
    return interruptsServed.getOrDefault(cpu, List.of());
  }

  /** The CPUs (kind cpu) that serve interrupts of the path's links, in id order. */
  public Set<String> interruptCpus() {
    return java.util.Collections.unmodifiableSet(interruptsServed.keySet());
  }

  /** Kinds that make up a CPU entity a workload runs on: its sockets and their CPUs. */
  static final Set<String> CPU_PARTS = Set.of(EntityKind.CPU_SOCKET, EntityKind.CPU);

  /**
   * The sockets and CPUs that make up what the workloads run on: an unpinned benchmark runs on
   * every socket of its host and every CPU of them, so they are on its path (the demo's single
   * socket is not "off the data path"); a pinned one on the CPUs of its socket only. Found by
   * following {@code on} backwards from each runs_on target, to entities of those kinds alone, so
   * the devices on a socket are not pulled in.
   */
  private static Set<String> cpusRunningOn(RunData data, Set<String> workloads, Map<String, List<Relation>> out) {
    Map<String, List<String>> partsOf = new HashMap<>();
    for (Relation r : data.relations()) {
      if (r.rel().equals(Rel.ON.wire()) && CPU_PARTS.contains(data.entity(r.from()).kind())) {
        partsOf.computeIfAbsent(r.to(), k -> new ArrayList<>()).add(r.from());
      }
    }
    Set<String> found = new TreeSet<>();
    Deque<String> todo = new ArrayDeque<>();
    for (String w : workloads) {
      for (Relation r : out.getOrDefault(w, List.of())) {
        if (r.rel().equals(Rel.RUNS_ON.wire())) {
          todo.push(r.to());
        }
      }
    }
    while (!todo.isEmpty()) {
      for (String part : partsOf.getOrDefault(todo.pop(), List.of())) {
        if (found.add(part)) {
          todo.push(part);
        }
      }
    }
    return found;
  }

  /** Followed without crossing to the array: what is reached only through served_by is the array's. */
  static final Set<String> CLIENT_SIDE = Set.of(Rel.TARGETS.wire(), Rel.VIA.wire(), Rel.BEHIND.wire(), Rel.ON.wire(), Rel.RUNS_ON.wire());

  /**
   * The path of the workloads that have samples in the window; when none has (a recording
   * without workload metrics), of every declared workload.
   */
  public static DataPath of(RunData data, Window window) {
    Map<String, List<Relation>> out = new HashMap<>();
    for (Relation r : data.relations()) {
      out.computeIfAbsent(r.from(), k -> new ArrayList<>()).add(r);
    }
    Set<String> active = new TreeSet<>();
    Set<String> declared = new TreeSet<>();
    for (String id : data.entities().keySet()) {
      if (EntityKind.WORKLOAD.equals(data.entity(id).kind())) {
        declared.add(id);
        if (activeIn(data.seriesOf(id), window)) {
          active.add(id);
        }
      }
    }
    Set<String> workloads = active.isEmpty() ? declared : active;
    return new DataPath(data, workloads, out);
  }

  private static boolean activeIn(Map<String, Series> metrics, Window w) {
    for (Series s : metrics.values()) {
      if (s.countBetween(w.from(), w.to()) > 0) {
        return true;
      }
    }
    return false;
  }

  /** Everything reachable from the entity along the given relations, the entity itself left out. */
  public Set<String> reachable(String from, Set<String> followed) {
    Set<String> seen = reach(Set.of(from), out, followed);
    seen.remove(from);
    return seen;
  }

  /** Everything reachable from {@code from} along the followed relations, as a mutable set. */
  private static Set<String> reach(Set<String> from, Map<String, List<Relation>> out, Set<String> followed) {
    Set<String> seen = new TreeSet<>(from);
    Deque<String> todo = new ArrayDeque<>(from);
    while (!todo.isEmpty()) {
      for (Relation r : out.getOrDefault(todo.pop(), List.of())) {
        if (followed.contains(r.rel()) && seen.add(r.to())) {
          todo.push(r.to());
        }
      }
    }
    return seen;
  }

  public Set<String> workloads() {
    return workloads;
  }

  /** Every entity on the path, workloads included, in id order. */
  public Set<String> members() {
    return java.util.Collections.unmodifiableSet(members);
  }

  public boolean contains(String id) {
    return members.contains(id);
  }

  /**
   * On the path without crossing a {@code served_by}: the benchmark host's side. An SDS node's
   * machine, reached as array_cpu on host_cpu, is on the path but not the client's CPU.
   */
  public boolean onClientSide(String id) {
    return clientSide.contains(id);
  }

  /** The path's entities of one kind, in id order. */
  public List<String> ofKind(String kind) {
    List<String> found = new ArrayList<>();
    for (String id : members) {
      if (kind.equals(data.entity(id).kind())) {
        found.add(id);
      }
    }
    return found;
  }

  /** Targets of an entity's relations of one name, in id order. */
  public List<String> related(String from, String rel) {
    Set<String> to = new TreeSet<>();
    for (Relation r : out.getOrDefault(from, List.of())) {
      if (r.rel().equals(rel)) {
        to.add(r.to());
      }
    }
    return new ArrayList<>(to);
  }

  /** The sockets the workloads' threads are pinned to (runs_on a cpu_socket). */
  public Set<String> workloadSockets() {
    Set<String> sockets = new TreeSet<>();
    for (String w : workloads) {
      for (String to : related(w, Rel.RUNS_ON.wire())) {
        if (EntityKind.CPU_SOCKET.equals(data.entity(to).kind())) {
          sockets.add(to);
        }
      }
    }
    return sockets;
  }

  /** The socket a PCIe link or port is attached to, or null. */
  public String socketOf(String device) {
    for (String to : related(device, Rel.ON.wire())) {
      if (EntityKind.CPU_SOCKET.equals(data.entity(to).kind())) {
        return to;
      }
    }
    return null;
  }

  /** Every cpu_socket declared on a host_cpu (socket on host), in id order. */
  public List<String> socketsOfHost(String host) {
    List<String> sockets = new ArrayList<>();
    for (Relation r : data.relations()) {
      if (r.rel().equals(Rel.ON.wire()) && r.to().equals(host)
          && EntityKind.CPU_SOCKET.equals(data.entity(r.from()).kind())) {
        sockets.add(r.from());
      }
    }
    sockets.sort(null);
    return sockets;
  }
}

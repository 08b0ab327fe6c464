package io.headroom.collector.snmp;

import io.headroom.collector.source.IdPart;
import static io.headroom.collector.snmp.Oids.*;

import io.headroom.collector.snmp.FcPorts.FcRead;
import io.headroom.collector.snmp.IfPorts.IfPort;
import io.headroom.collector.snmp.LldpNeighbours.Cable;
import io.headroom.collector.source.Discovery;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.model.Rel;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.snmp4j.smi.OID;

/**
 * One SNMP agent (a switch, an appliance, an array): its ports with their rates and ceilings, its
 * CPUs, and its LLDP neighbours. Each scrape reads sysUpTime (or a fallback, {@link AgentClock}), then walks one table after another;
 * a table the agent does not have costs one request. A walk that ends early (the agent went silent,
 * answered an error) gives what it got and is a problem of the scrape, and once the agent has gone
 * silent, or the scrape's walk_timeout has passed, the remaining tables wait for the next scrape
 * rather than each timing out in turn.
 */
final class SnmpSource implements Source {
  private final String host;
  private final Duration interval;
  private final SnmpSettings settings;
  private final AgentRequests session;
  private final Walker walker;
  private final AgentClock clock;
  private final UptimeCheck uptime = new UptimeCheck();
  private final PortRates rates = new PortRates();

  SnmpSource(String host, Duration interval, SnmpSettings settings, AgentRequests session) {
    this.host = host;
    this.interval = interval;
    this.settings = settings;
    this.session = session;
    this.walker = new Walker(session, settings.maxRepetitions());
    this.clock = new AgentClock(session, settings.isV3());
  }

  @Override
  public String name() {
    return SnmpSourceFactory.TYPE;
  }

  @Override
  public Duration interval() {
    return interval;
  }

  @Override
  public void scrape(Scrape scrape) throws IOException {
    walker.begin(settings.walkTimeout());
    AgentClock.SystemGroup sys = clock.read();
    AgentClock.Reading up = sys.clock();
    boolean restarted = up != null && uptime.restarted(up.ticks(), up.nanos());
    if (restarted) {
      scrape.degraded(host + ": agent restarted (" + up.from() + " went back): rates resume next scrape");
    }
    rates.begin(restarted);
    Walks w = new Walks(scrape);
    // A Cisco MDS keeps its FC ports' transmit wait in CISCO-FC-FE-MIB by ifIndex: its FC ports are
    // then the IF-MIB's, and the FC MIBs (which would list the same ports again) are not walked.
    IntTable ciscoFc = w.table("fcIfErrorTable", FC_IF_ERROR_ENTRY);
    FcRead fc = ciscoFc.isEmpty() ? fcMibPorts(w, sys.profile()) : FcPorts.NONE;
    IntTable ifTable = w.table("ifTable", IF_ENTRY);
    IntTable ifXTable = w.table("ifXTable", IFX_ENTRY);
    Map<Integer, String> layered = SubInterfaces.of(IfPorts.physical(ifTable), ifTable, ifXTable,
        w.walk("ifStackTable", IF_STACK_ENTRY), sys.profile());
    Pushback pushback = new Pushback(w.table("dot3PauseTable", DOT3_PAUSE_ENTRY), w.table("cpfcIfTable", CPFC_IF_ENTRY),
        ciscoFc);
    List<IfPort> ifPorts = IfPorts.read(host, ifTable, ifXTable, pushback, !fc.ports().isEmpty(), layered);
    layered.forEach((ifIndex, why) -> scrape.degraded(host + "/port/" + IdPart.of(SubInterfaces.name(ifTable, ifXTable, ifIndex))
        + ": not a port: " + why + "; its bytes are counted there"));
    for (PortReading p : fc.ports()) {
      report(scrape, p);
    }
    for (IfPort p : ifPorts) {
      report(scrape, p.reading());
      warnIf32Bit(scrape, p);
    }
    fc.notes().forEach(scrape::degraded);
    PortGaps.of(host, ifPorts, fc.ports().size(), ifTable, ifXTable).forEach(scrape::degraded);
    HostCpus.emit(scrape, host, settings.role(), w.table("hrProcessorTable", HR_PROCESSOR_ENTRY));
    IntTable lldpLocal = w.table("lldpLocPortTable", LLDP_LOC_PORT_ENTRY);
    WrongTypes lldpRemote = w.wrongTypes("lldpRemTable", new WrongTypes(LLDP_REM_ENTRY));
    for (Cable c : LldpNeighbours.read(w.walk("lldpRemTable", LLDP_REM_ENTRY), lldpLocal, ifPorts, lldpRemote)) {
      scrape.relation(c.from(), Rel.CABLED_TO, c.to());
    }
    w.sayWrongTypes();
    String lowered = walker.loweredNote();
    if (lowered != null) {
      scrape.degraded(host + ": " + lowered);
    }
  }

  /** One scrape, with what the source noted about how it read the agent (its restart clock). */
  @Override
  public Discovery discover() throws IOException {
    Scrape scrape = new Scrape(System.currentTimeMillis() / 1000.0);
    scrape(scrape);
    List<String> notes = clock.note() == null ? List.of() : List.of(host + ": " + clock.note());
    return new Discovery(scrape.entities(), scrape.relations(), scrape.degraded(), scrape.problems(), notes);
  }

  /** FC ports from FCMGMT-MIB and Brocade's SW-MIB. */
  private FcRead fcMibPorts(Walks w, AgentProfile profile) throws IOException {
    IntTable faPorts = w.byLastIndex("connUnitPortTable", CONN_UNIT_PORT_ENTRY);
    IntTable faStats = w.byLastIndex("connUnitPortStatTable", CONN_UNIT_PORT_STAT_ENTRY);
    IntTable swPorts = w.table("swFCPortTable", SW_FC_PORT_ENTRY);
    return FcPorts.read(host, faPorts, faStats, swPorts, profile);
  }

  private void report(Scrape scrape, PortReading p) {
    scrape.entity(p.entity());
    rates.emit(scrape, p);
  }

  /** A Counter32 of octets wraps in 2^32 bytes: 3.4 s at 10 Gb/s. Rates hold only if scrapes come faster. */
  private void warnIf32Bit(Scrape scrape, IfPort p) {
    if (!p.only32Bit()) {
      return;
    }
    double ceiling = p.reading().ceiling();
    String wraps = ceiling > 0 ? String.format(Locale.ROOT, "; at line rate it wraps every %.1f s, the interval is %s s",
        4294967296.0 / ceiling, interval.toMillis() / 1000.0) : "";
    scrape.degraded(p.reading().id() + ": 32-bit octet counters only (no ifXTable ifHCInOctets)" + wraps
        + (ceiling > 0 && 4294967296.0 / ceiling <= interval.toMillis() / 1000.0 ? ": rates near line rate are lost" : ""));
  }

  /**
   * The walks of one scrape: each partial one is a problem; after a silent agent the rest are
   * skipped. The values its tables were read as not reported for their type are problems too, said
   * once the scrape has read them all ({@link #sayWrongTypes}).
   */
  private final class Walks {
    private final Scrape scrape;
    private final Map<String, WrongTypes> wrongTypes = new java.util.LinkedHashMap<>();
    private String silent;

    Walks(Scrape scrape) {
      this.scrape = scrape;
    }

    TableWalk walk(String table, OID entry) throws IOException {
      if (silent != null) {
        scrape.problem(host + " " + table, "not walked: " + silent);
        return TableWalk.empty(entry, silent);
      }
      TableWalk walk = walker.walk(entry);
      if (!walk.complete()) {
        scrape.problem(host + " " + table, "partial walk, " + walk.bindings().size() + " values: " + walk.incomplete());
        if (walk.incomplete().startsWith("no answer")) {
          silent = "the agent stopped answering during the " + table + " walk";
        } else if (walker.pastDeadline() != null) {
          silent = walker.pastDeadline() + " during the " + table + " walk";
        }
      }
      return walk;
    }

    /** A table whose rows are told apart by one integer ({@link IntTable#of}). */
    IntTable table(String table, OID entry) throws IOException {
      IntTable t = IntTable.of(walk(table, entry));
      wrongTypes(table, t.wrongTypes());
      return t;
    }

    /** A table keyed by the last component of its index ({@link IntTable#byLastIndex}). */
    IntTable byLastIndex(String table, OID entry) throws IOException {
      IntTable t = IntTable.byLastIndex(walk(table, entry));
      wrongTypes(table, t.wrongTypes());
      return t;
    }

    WrongTypes wrongTypes(String table, WrongTypes types) {
      wrongTypes.put(table, types);
      return types;
    }

    /** One problem a column with values of another type than its own, naming the agent. */
    void sayWrongTypes() {
      wrongTypes.forEach((table, types) -> types.lines()
          .forEach(line -> scrape.problem(host + " " + table, line + " (agent " + session.agent() + ")")));
    }
  }

  @Override
  public void close() throws IOException {
    session.close();
  }
}

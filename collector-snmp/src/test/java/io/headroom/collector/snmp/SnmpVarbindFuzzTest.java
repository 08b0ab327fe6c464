package io.headroom.collector.snmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.headroom.collector.fuzz.Draw;
import io.headroom.collector.source.Discovery;
import io.headroom.collector.source.Scrape;
import io.headroom.model.Entity;
import io.headroom.standin.Captures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.snmp4j.PDU;
import org.snmp4j.asn1.BER;
import org.snmp4j.mp.SnmpConstants;
import org.snmp4j.smi.Counter32;
import org.snmp4j.smi.Counter64;
import org.snmp4j.smi.Gauge32;
import org.snmp4j.smi.Integer32;
import org.snmp4j.smi.IpAddress;
import org.snmp4j.smi.Null;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.TimeTicks;
import org.snmp4j.smi.Variable;

/**
 * The SNMP source's reading of what an agent answers (the clock, the walks, the port, FC, CPU and
 * LLDP tables, the rates) over an agent whose values a fuzzer changes: any answers give entities
 * and readings, or problems and refusals naming the agent or the host; nothing else escapes, and the
 * requests of a discover and a scrape stay bounded.
 *
 * <p>The input picks one of the golden recordings (the written ones in resources/golden/snmp and,
 * where on this machine, the twelve real walks in shared/fixtures/snmp, read from there), then
 * edits it before the first scrape and again before the second: a value removed, given another
 * type (INTEGER, OCTET STRING, OID, IpAddress, Counter32, Gauge32, TimeTicks, Counter64, Null) or
 * another value of its type, or a row added under an OID of the recording with one sub-identifier
 * changed. One request of each scrape may go unanswered, be answered with an error status, or have
 * one byte of its encoded answer changed. Every answer is BER-encoded as an SNMPv2c response and
 * decoded by {@link V2cChannel#decode} as one from the network would be; no network.
 * Seeds: each recording unchanged (SnmpVarbindFuzzTestInputs); docs/testing.md, "Fuzzing".
 */
class SnmpVarbindFuzzTest {
  private static final String AGENT = "192.0.2.1:161";
  /** A recording of 10,000 values walked twice at 25 a request is about 800 requests. */
  private static final int MAX_REQUESTS = 50_000;
  private static final List<Recording> RECORDINGS = recordings();

  private record Recording(Path caseDir, String host, SnmpSettings.Role role, NavigableMap<OID, Variable> values,
      List<OID> oids) {}

  @FuzzTest(maxDuration = "5m")
  void anyAnswersAreReadingsOrProblemsNamingTheAgent(byte[] bytes) throws Exception {
    Draw draw = new Draw(bytes);
    Recording r = RECORDINGS.get(draw.below(RECORDINGS.size()));
    NavigableMap<OID, Variable> first = edited(draw, r, r.values);
    Fault firstFault = Fault.draw(draw);
    NavigableMap<OID, Variable> second = edited(draw, r, first);
    Fault secondFault = Fault.draw(draw);
    InMemoryAgent agent = new InMemoryAgent();
    try (SnmpSource source = source(r, agent)) {
      agent.serve(first, firstFault);
      try {
        Discovery d = source.discover();
        d.problems().forEach(p -> assertNamesTheAgent(r, p));
        d.degraded().forEach(p -> assertNamesTheAgent(r, p));
      } catch (IOException e) {
        assertNamesTheAgent(r, e.getMessage());
      }
      agent.serve(second, secondFault);
      Scrape s = new Scrape(System.currentTimeMillis() / 1000.0);
      try {
        source.scrape(s);
      } catch (IOException e) {
        assertNamesTheAgent(r, e.getMessage());
      }
      s.problems().forEach(p -> assertNamesTheAgent(r, p));
      s.degraded().forEach(p -> assertNamesTheAgent(r, p));
      s.readings().forEach((entity, rs) -> rs.forEach(x -> assertTrue(Double.isFinite(x.value()), entity + " " + x)));
    }
    assertTrue(agent.requests <= MAX_REQUESTS, agent.requests + " requests");
  }

  /** The harness answers as snmpsim does in the golden test: each recording unedited finds the golden's entities. */
  @Test
  void eachRecordingUneditedFindsItsGoldenEntities() throws Exception {
    for (Recording r : RECORDINGS) {
      InMemoryAgent agent = new InMemoryAgent();
      agent.serve(r.values, Fault.NONE);
      try (SnmpSource source = source(r, agent)) {
        List<String> expected = Files.readAllLines(r.caseDir.resolve("expected/discover.txt")).stream()
            .dropWhile(l -> !l.equals("# entities")).skip(1).takeWhile(l -> !l.startsWith("#") && !l.isEmpty())
            .map(l -> l.split(" ")[0]).sorted().toList();
        List<String> found = source.discover().entities().stream().map(Entity::id).sorted().toList();
        assertEquals(expected, found, r.caseDir.toString());
      }
    }
  }

  private static SnmpSource source(Recording r, InMemoryAgent agent) {
    SnmpSettings settings = new SnmpSettings(AGENT, "2c", "public", null, null, r.role, null, null, null, null);
    return new SnmpSource(r.host, Duration.ofSeconds(5), settings, agent);
  }

  /** A problem names the agent (a request) or the host (a table, a port, a value refused as unstorable). */
  private static void assertNamesTheAgent(Recording r, String problem) {
    assertTrue(problem != null && (problem.contains(AGENT) || problem.contains(r.host)), problem);
  }

  /** What goes wrong with one request of a scrape, if anything: the k-th goes unanswered, errs, or is garbled. */
  private record Fault(int kind, int request, int at, int mask) {
    static final Fault NONE = new Fault(0, -1, 0, 0);

    static Fault draw(Draw draw) {
      int kind = draw.below(8); // most scrapes go without a fault
      return kind > 3 ? NONE : new Fault(kind, draw.below(64), draw.intValue(), 1 + draw.below(255));
    }
  }

  /** Up to five edits of a copy of {@code values}. */
  private static NavigableMap<OID, Variable> edited(Draw draw, Recording r, NavigableMap<OID, Variable> values) {
    NavigableMap<OID, Variable> out = new TreeMap<>(values);
    for (int edits = draw.below(6); edits > 0 && !r.oids.isEmpty(); edits--) {
      OID oid = r.oids.get(draw.below(r.oids.size()));
      switch (draw.below(4)) {
        case 0 -> out.remove(oid);
        case 1 -> out.put(oid, variable(draw, draw.below(10)));
        case 2 -> out.put(oid, variable(draw, typeOf(values.getOrDefault(oid, Null.instance))));
        default -> {
          int[] ids = oid.getValue().clone();
          ids[draw.below(ids.length)] = draw.intValue(); // negative: a sub-identifier past 2^31
          out.put(new OID(encodable(ids)), variable(draw, draw.below(10)));
        }
      }
    }
    return out;
  }

  /**
   * The sub-identifiers as BER can carry them: it joins the first two as 40 x first + second, so
   * the first is 0, 1 or 2 and, under 2, the second is below 40 (an agent cannot send another OID).
   */
  private static int[] encodable(int[] ids) {
    if (ids.length > 0) {
      ids[0] = Math.floorMod(ids[0], 3);
    }
    if (ids.length > 1 && ids[0] < 2) {
      ids[1] = Math.floorMod(ids[1], 40);
    }
    return ids;
  }

  private static int typeOf(Variable v) {
    return switch (v.getSyntax()) {
      case BER.INTEGER -> 0;
      case BER.OCTETSTRING -> 1;
      case BER.OID -> 2;
      case BER.IPADDRESS -> 3;
      case BER.COUNTER32 -> 4;
      case BER.GAUGE32 -> 5;
      case BER.TIMETICKS -> 6;
      case BER.COUNTER64 -> 7;
      default -> 8;
    };
  }

  private static Variable variable(Draw draw, int type) {
    return switch (type) {
      case 0 -> new Integer32(draw.intValue());
      case 1 -> new OctetString(draw.bytes(300));
      case 2 -> {
        int[] ids = new int[draw.below(20)];
        for (int k = 0; k < ids.length; k++) {
          ids[k] = draw.intValue();
        }
        yield new OID(encodable(ids));
      }
      case 3 -> new IpAddress(new byte[] {(byte) draw.below(256), (byte) draw.below(256), (byte) draw.below(256),
          (byte) draw.below(256)});
      case 4 -> new Counter32(draw.intValue() & 0xFFFFFFFFL);
      case 5 -> new Gauge32(draw.intValue() & 0xFFFFFFFFL);
      case 6 -> new TimeTicks(draw.intValue() & 0xFFFFFFFFL);
      case 7 -> new Counter64(draw.longValue());
      case 8 -> Null.instance;
      default -> new OctetString(draw.text(40)); // text
    };
  }

  /**
   * An SNMPv2c agent in memory: GET and GETBULK answered from its values as an agent does
   * ({@link ScriptedAgent#mib}), each answer encoded and decoded as on the wire.
   */
  private static final class InMemoryAgent implements AgentRequests {
    private Function<PDU, PDU> mib;
    private Fault fault = Fault.NONE;
    private int served;
    int requests;

    void serve(NavigableMap<OID, Variable> values, Fault fault) {
      this.mib = ScriptedAgent.mib(values);
      this.fault = fault;
      this.served = 0;
    }

    @Override
    public PDU pdu(int type) {
      PDU pdu = new PDU();
      pdu.setType(type);
      return pdu;
    }

    @Override
    public PDU send(PDU request) throws IOException {
      requests++;
      boolean faulty = served++ == fault.request;
      if (faulty && fault.kind == 1) {
        return null; // silent
      }
      PDU response = mib.apply(request);
      response.setType(PDU.RESPONSE);
      response.setRequestID(request.getRequestID());
      if (faulty && fault.kind == 2) {
        response.setErrorStatus(1 + Math.floorMod(fault.at, 18));
        response.setErrorIndex(fault.mask);
      }
      byte[] wire;
      try {
        wire = encode(response);
      } catch (IOException e) {
        return null; // nothing BER can carry (2.4294967295 joins past 32 bits): no agent sends it
      }
      if (wire.length > 65_507) { // more than a UDP datagram holds: the agent says tooBig (RFC 3416 4.2.3)
        PDU tooBig = pdu(PDU.RESPONSE);
        tooBig.setRequestID(request.getRequestID());
        tooBig.setErrorStatus(PDU.tooBig);
        wire = encode(tooBig);
      }
      if (faulty && fault.kind == 3) {
        wire[Math.floorMod(fault.at, wire.length)] ^= (byte) fault.mask;
      }
      PDU answer = V2cChannel.decode(wire, wire.length);
      if (answer == null || !answer.getRequestID().equals(request.getRequestID())) {
        return null; // garbage: the channel waits out the timeout for the real answer
      }
      if (answer.getType() == PDU.REPORT) { // as AgentSession
        throw new IOException("agent " + AGENT + " refused the request: " + UsmReports.describe(answer));
      }
      return answer;
    }

    private static byte[] encode(PDU response) throws IOException {
      ByteArrayOutputStream h = new ByteArrayOutputStream();
      BER.encodeInteger(h, BER.INTEGER, SnmpConstants.version2c);
      BER.encodeString(h, BER.OCTETSTRING, "public".getBytes(StandardCharsets.UTF_8));
      byte[] header = h.toByteArray();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      BER.encodeHeader(out, BER.SEQUENCE, header.length + response.getBERLength());
      out.write(header);
      response.encodeBER(out);
      return out.toByteArray();
    }

    @Override
    public String patience() {
      return "1000 ms x 2 tries";
    }

    @Override
    public String agent() {
      return AGENT;
    }

    @Override
    public void close() {}
  }

  private static List<Recording> recordings() {
    List<Recording> out = new ArrayList<>();
    try (Stream<Path> cases = Files.list(Path.of("src/test/resources/golden/snmp"))) {
      for (Path c : cases.filter(Files::isDirectory).sorted().toList()) {
        Path file = c.resolve("input/agent.snmprec");
        if (Files.exists(c.resolve("input.capture"))) {
          Path named = Path.of(Files.readString(c.resolve("input.capture")).trim());
          Path dir = Captures.find(named.getParent().toString());
          file = dir == null ? null : dir.resolve(named.getFileName());
        }
        if (file == null || !Files.exists(file) || !Files.exists(c.resolve("expected/discover.txt"))) {
          continue;
        }
        String config = Files.readString(c.resolve("config.yaml"));
        String host = config.lines().filter(l -> l.startsWith("host: ")).map(l -> l.substring(6).trim()).findFirst()
            .orElse("h1");
        SnmpSettings.Role role = config.contains("role: array") ? SnmpSettings.Role.ARRAY
            : config.contains("role: host") ? SnmpSettings.Role.HOST : SnmpSettings.Role.SWITCH;
        NavigableMap<OID, Variable> values = snmprec(file);
        out.add(new Recording(c, host, role, values, List.copyOf(values.keySet())));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** An snmpsim recording's plain lines, {@code OID|TAG|VALUE} (tags as {@link Snmprec} lists them). */
  private static NavigableMap<OID, Variable> snmprec(Path file) throws IOException {
    NavigableMap<OID, Variable> values = new TreeMap<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      String[] f = line.split("\\|", 3);
      if (f.length < 3 || f[1].contains(":")) {
        continue; // not a value line, or a variation module's (snmpsim computes those)
      }
      String v = f[2];
      Variable value = switch (f[1]) {
        case "2" -> new Integer32(new BigInteger(v).intValue());
        case "4" -> new OctetString(v);
        case "4x" -> OctetString.fromHexStringPairs(v);
        case "5" -> Null.instance;
        case "6" -> new OID(v);
        case "64" -> v.matches("\\d{1,3}(\\.\\d{1,3}){3}") ? new IpAddress(v) : null; // "<private>": redacted
        case "65" -> new Counter32(Long.parseLong(v));
        case "66" -> new Gauge32(Long.parseLong(v));
        case "67" -> new TimeTicks(Long.parseLong(v));
        case "70" -> new Counter64(new BigInteger(v).longValue());
        default -> null;
      };
      if (value != null) {
        values.put(new OID(f[0]), value);
      }
    }
    return values;
  }
}

package io.headroom.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The headline's name of what limits (issue 27): a whole group by what it is, with its members'
 * shares of their declared ceilings; a partial group by its tightest member.
 */
class LimitNameTest {
  private static HeadroomEntry row(String id, String kind, double lineRate, String reading) {
    return new HeadroomEntry(id, kind, lineRate / 0.9, lineRate, reading, true);
  }

  private static PhaseVerdict phase(Bottleneck b, LimitGroup g, List<HeadroomEntry> rows) {
    return new PhaseVerdict("p", b, g.entities().get(0), 0.9, null, List.of(), rows, List.of(), g);
  }

  @Test
  void bothArrayNodesAreTheArrayTheirParent() {
    PhaseVerdict p = phase(Bottleneck.ARRAY_CPU, new LimitGroup("array nodes on the path", 2,
        List.of("s5/ps1200t/node-a", "s5/ps1200t/node-b")), List.of(row("s5/ps1200t/node-a", "array_cpu", 0.964, "util"),
        row("s5/ps1200t/node-b", "array_cpu", 0.955, "util")));
    // 0.964 and 0.955 both round to 96
    assertEquals("the array s5/ps1200t, both nodes at 96%", LimitName.of(p));
  }

  @Test
  void membersThatDifferArePrintedAsARange() {
    // 0.994 -> 99%, 1.0 -> 100%; four members: "all 4"; busy time is "busy"
    List<String> ids = List.of("h1/disk/sda", "h1/disk/sdb", "h1/disk/sdc", "h1/disk/sdd");
    PhaseVerdict p = phase(Bottleneck.DISK, new LimitGroup("members of h1/disk/md0", 4, ids),
        List.of(row(ids.get(0), "disk", 1.0, "busy"), row(ids.get(1), "disk", 1.0, "busy"),
            row(ids.get(2), "disk", 0.996, "busy"), row(ids.get(3), "disk", 0.994, "busy")));
    assertEquals("h1/disk/md0, all 4 members at 99% to 100% busy", LimitName.of(p));
  }

  @Test
  void portsOfAFabricAreTheFabric() {
    List<String> ids = List.of("s1/sw1/fc/1", "s1/c1/fc/p0");
    PhaseVerdict p = phase(Bottleneck.NETWORK, new LimitGroup("fc ports on the path", 2, ids),
        List.of(row(ids.get(0), "net_port", 1.0, "tx"), row(ids.get(1), "net_port", 0.998, "rx")));
    // no common parent: named by the fabric
    assertEquals("the fc fabric, both ports on the path at 100% of line rate", LimitName.of(p));
  }

  @Test
  void aPartialGroupIsItsTightestMemberAndNoneIsNothing() {
    PhaseVerdict p = phase(Bottleneck.ARRAY_CPU, new LimitGroup("array nodes on the path", 1,
        List.of("s5/ps1200t/node-a", "s5/ps1200t/node-b")), List.of());
    assertEquals("s5/ps1200t/node-a", LimitName.of(p));
    assertNull(LimitName.of(new PhaseVerdict("p", Bottleneck.NONE, null, 0.7)));
    assertNull(LimitName.of(new PhaseVerdict("p", null, null, 0.0)));
  }

  @Test
  void theJsonVerdictCarriesTheRunAndPhaseLimitAndReadsBackWithoutIt() throws Exception {
    PhaseVerdict p = phase(Bottleneck.ARRAY_CPU, new LimitGroup("array nodes on the path", 2,
        List.of("s5/ps1200t/node-a", "s5/ps1200t/node-b")), List.of(row("s5/ps1200t/node-a", "array_cpu", 0.964, "util"),
        row("s5/ps1200t/node-b", "array_cpu", 0.955, "util")));
    Verdict v = new Verdict("s5", Bottleneck.ARRAY_CPU, "s5/ps1200t/node-a", 0.9, List.of("[p] node-a util p95 0.96"),
        p.headroom(), List.of(p));
    JsonNode json = new ObjectMapper().readTree(VerdictJson.toJson(v));
    assertEquals("the array s5/ps1200t, both nodes at 96%", json.get("limit").asText());
    assertEquals("s5/ps1200t/node-a", json.get("entity").asText());
    assertEquals("the array s5/ps1200t, both nodes at 96%", json.get("phases").get(0).get("limit").asText());
    assertEquals(v, VerdictJson.fromJson(VerdictJson.toJson(v)));
  }
}

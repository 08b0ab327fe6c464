package io.headroom.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class VerdictJsonTest {
  @Test
  void writesTheContractFieldsInOrderAndReadsThemBack() {
    HeadroomEntry nodeA = new HeadroomEntry("array/ps1/node-a", "array_cpu", 1.0444, 0.94, "util", true);
    Verdict v = new Verdict("r1", Bottleneck.ARRAY_CPU, "array/ps1/node-a", 0.9,
        List.of("node-a util p95 0.94; hosts p95 0.58"),
        List.of(nodeA),
        List.of(new PhaseVerdict("8T/32Q", Bottleneck.ARRAY_CPU, "array/ps1/node-a", 0.9, null,
                List.of("node-a util p95 0.94"), List.of(nodeA),
                List.of(new CoLimit(Bottleneck.NETWORK, "sw1/port/1", 0.98, "sw1/port/1 tx p95 ...")),
                new LimitGroup("array nodes on the path", 2, List.of("array/ps1/node-a", "array/ps1/node-b")),
                new NextLimit(Bottleneck.HOST_CPU, "esx1/cpu", List.of("esx1/cpu", "esx2/cpu"), 1.62,
                    List.of("esx1/cpu would be full at 821.9 MB/s where array/ps1/node-a is full at 508 MB/s")),
                null),
            new PhaseVerdict("1T/1Q", Bottleneck.NONE, null, 0.7, "workload_concurrency", List.of(), List.of(),
                List.of(), null, null, "no_other_ceiling")));
    String json = VerdictJson.toJson(v);
    String row = "{\"entity\":\"array/ps1/node-a\",\"kind\":\"array_cpu\",\"utilization\":1.0444,"
        + "\"line_rate\":0.94,\"reading\":\"util\",\"on_path\":true,\"implausible\":false}";
    assertEquals("{\"run\":\"r1\",\"bottleneck\":\"ARRAY_CPU\",\"entity\":\"array/ps1/node-a\",\"confidence\":0.9,"
        + "\"evidence\":[\"node-a util p95 0.94; hosts p95 0.58\"],"
        + "\"headroom\":[" + row + "],"
        + "\"phases\":[{\"name\":\"8T/32Q\",\"bottleneck\":\"ARRAY_CPU\",\"entity\":\"array/ps1/node-a\",\"confidence\":0.9,"
        + "\"reason\":null,\"evidence\":[\"node-a util p95 0.94\"],\"headroom\":[" + row + "],"
        + "\"co_limits\":[{\"bottleneck\":\"NETWORK\",\"entity\":\"sw1/port/1\",\"utilization\":0.98,"
        + "\"evidence\":\"sw1/port/1 tx p95 ...\"}],"
        + "\"group\":{\"name\":\"array nodes on the path\",\"at_ceiling\":2,"
        + "\"entities\":[\"array/ps1/node-a\",\"array/ps1/node-b\"]},"
        + "\"next_limit\":{\"bottleneck\":\"HOST_CPU\",\"entity\":\"esx1/cpu\",\"members\":[\"esx1/cpu\",\"esx2/cpu\"],"
        + "\"gain\":1.62,\"evidence\":[\"esx1/cpu would be full at 821.9 MB/s where array/ps1/node-a is full at 508 MB/s\"]},"
        // both nodes at their ceiling: the phase's limit is the array (LimitName), at node-a's 0.94, the only row
        + "\"next_limit_reason\":null,\"limit\":\"the array array/ps1, both nodes at 94%\"},"
        + "{\"name\":\"1T/1Q\",\"bottleneck\":\"NONE\",\"entity\":null,\"confidence\":0.7,"
        + "\"reason\":\"workload_concurrency\",\"evidence\":[],\"headroom\":[],\"co_limits\":[],\"group\":null,"
        + "\"next_limit\":null,\"next_limit_reason\":\"no_other_ceiling\",\"limit\":null}],"
        // the run's evidence quotes no phase ("[8T/32Q] ..."): its limit is its entity
        + "\"limit\":\"array/ps1/node-a\"}",
        json);
    assertEquals(v, VerdictJson.fromJson(json));
  }

  /** A next limit that a device without a recorded ceiling could pre-empt carries it, in JSON and its summary. */
  @Test
  void unknownCeilingsAreWrittenReadBackAndSaidInTheSummary() {
    NextLimit n = new NextLimit(Bottleneck.HOST_CPU, "h1/cpu", null, 12.37, List.of("h1/cpu would be full at 11.33 GB/s"),
        List.of("arr/vol1"));
    PhaseVerdict p = new PhaseVerdict("2T/64Q", Bottleneck.ARRAY_CPU, "arr/node-0", 0.95, null, List.of(), List.of(),
        List.of(), null, n, null);
    Verdict v = new Verdict("r1", Bottleneck.ARRAY_CPU, "arr/node-0", 0.95, List.of(), List.of(), List.of(p));
    String json = VerdictJson.toJson(v);
    assertTrue(json.contains("\"next_limit\":{\"bottleneck\":\"HOST_CPU\",\"entity\":\"h1/cpu\",\"members\":null,"
        + "\"gain\":12.37,\"evidence\":[\"h1/cpu would be full at 11.33 GB/s\"],\"unknown_ceilings\":[\"arr/vol1\"]}"), json);
    assertEquals(v, VerdictJson.fromJson(json));
    assertEquals("HOST_CPU h1/cpu at 12.37x unless arr/vol1 (ceiling not recorded) fills first"
        + " (h1/cpu would be full at 11.33 GB/s)", n.summary());
    // none: the field is left out, and an empty list is none
    assertEquals(null, new NextLimit(Bottleneck.HOST_CPU, "h1/cpu", null, 2, List.of(), List.of()).unknownCeilings());
  }

  @Test
  void aVerdictStoredBeforePhasesCarriedEvidenceReadsBackWithEmptyLists() {
    Verdict v = VerdictJson.fromJson("{\"run\":\"r1\",\"bottleneck\":\"NONE\",\"entity\":null,\"confidence\":0.7,"
        + "\"evidence\":[],\"headroom\":[],\"phases\":[{\"name\":\"p1\",\"bottleneck\":\"NONE\",\"entity\":null,"
        + "\"confidence\":0.7}]}");
    assertEquals(new PhaseVerdict("p1", Bottleneck.NONE, null, 0.7, null, List.of(), List.of(), List.of(), null),
        v.phases().get(0));
  }

  @Test
  void aVerdictWithoutABottleneckFieldIsRefusedNotLeftForItsStoringToTripOn() {
    assertEquals("not a verdict object: no \"bottleneck\"", assertThrows(IllegalArgumentException.class,
        () -> VerdictJson.fromJson("{\"run\":\"r1\",\"evidence\":[],\"headroom\":[],\"phases\":[]}"))
        .getMessage());
    assertEquals("not a verdict object: null",
        assertThrows(IllegalArgumentException.class, () -> VerdictJson.fromJson("null")).getMessage());
  }

  @Test
  void nestingDeeperThanTheParserAllowsIsRefusedNotAStackOverflow() {
    String deep = "{\"run\":\"r1\",\"x\":" + "[".repeat(100_000) + "]".repeat(100_000) + "}";
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> VerdictJson.fromJson(deep));
    assertTrue(e.getMessage().startsWith("not a verdict object: Document nesting depth (1001) exceeds the maximum"),
        e.getMessage());
  }

  @Test
  void aRowStoredBeforeImplausibleExistedReadsBackPlausibleAndAnUnjudgedPhaseKeepsItsNullClass() {
    Verdict v = VerdictJson.fromJson("{\"run\":\"r1\",\"bottleneck\":null,\"entity\":null,\"confidence\":0.0,"
        + "\"evidence\":[\"not judged\"],\"headroom\":[{\"entity\":\"p\",\"kind\":\"net_port\",\"utilization\":0.5,"
        + "\"line_rate\":0.4,\"reading\":\"tx\",\"on_path\":true}],\"phases\":[{\"name\":\"p1\",\"bottleneck\":null,"
        + "\"entity\":null,\"confidence\":0.0,\"reason\":\"too_few_readings\"}]}");
    assertEquals(new HeadroomEntry("p", "net_port", 0.5, 0.4, "tx", true, false), v.headroom().get(0));
    assertEquals(null, v.bottleneck());
    assertEquals(new PhaseVerdict("p1", null, null, 0.0, "too_few_readings", List.of(), List.of(), List.of(), null),
        v.phases().get(0));
    HeadroomEntry refused = new HeadroomEntry("p", "net_port", 2.7386, 2.6017, "rx", true, true);
    assertEquals(refused, VerdictJson.fromJson(VerdictJson.toJson(new Verdict("r1", null, null, 0, List.of(),
        List.of(refused), List.of()))).headroom().get(0));
  }
}

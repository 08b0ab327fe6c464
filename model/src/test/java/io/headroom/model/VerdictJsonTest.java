package io.headroom.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
        + "\"line_rate\":0.94,\"reading\":\"util\",\"on_path\":true}";
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
        + "\"next_limit_reason\":null},"
        + "{\"name\":\"1T/1Q\",\"bottleneck\":\"NONE\",\"entity\":null,\"confidence\":0.7,"
        + "\"reason\":\"workload_concurrency\",\"evidence\":[],\"headroom\":[],\"co_limits\":[],\"group\":null,"
        + "\"next_limit\":null,\"next_limit_reason\":\"no_other_ceiling\"}]}",
        json);
    assertEquals(v, VerdictJson.fromJson(json));
  }

  @Test
  void aVerdictStoredBeforePhasesCarriedEvidenceReadsBackWithEmptyLists() {
    Verdict v = VerdictJson.fromJson("{\"run\":\"r1\",\"bottleneck\":\"NONE\",\"entity\":null,\"confidence\":0.7,"
        + "\"evidence\":[],\"headroom\":[],\"phases\":[{\"name\":\"p1\",\"bottleneck\":\"NONE\",\"entity\":null,"
        + "\"confidence\":0.7}]}");
    assertEquals(new PhaseVerdict("p1", Bottleneck.NONE, null, 0.7, null, List.of(), List.of(), List.of(), null),
        v.phases().get(0));
  }
}

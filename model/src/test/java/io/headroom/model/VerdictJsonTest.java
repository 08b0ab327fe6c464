package io.headroom.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class VerdictJsonTest {
  @Test
  void writesTheContractFieldsInOrderAndReadsThemBack() {
    Verdict v = new Verdict("r1", Bottleneck.ARRAY_CPU, "array/ps1/node-a", 0.9,
        List.of("node-a util p95 0.94; hosts p95 0.58"),
        List.of(new HeadroomEntry("array/ps1/node-a", "array_cpu", 0.94)),
        List.of(new PhaseVerdict("8T/32Q", Bottleneck.ARRAY_CPU, "array/ps1/node-a", 0.9),
            new PhaseVerdict("1T/1Q", Bottleneck.NONE, null, 0.7)));
    String json = VerdictJson.toJson(v);
    assertEquals("{\"run\":\"r1\",\"bottleneck\":\"ARRAY_CPU\",\"entity\":\"array/ps1/node-a\",\"confidence\":0.9,"
        + "\"evidence\":[\"node-a util p95 0.94; hosts p95 0.58\"],"
        + "\"headroom\":[{\"entity\":\"array/ps1/node-a\",\"kind\":\"array_cpu\",\"utilization\":0.94}],"
        + "\"phases\":[{\"name\":\"8T/32Q\",\"bottleneck\":\"ARRAY_CPU\",\"entity\":\"array/ps1/node-a\",\"confidence\":0.9},"
        + "{\"name\":\"1T/1Q\",\"bottleneck\":\"NONE\",\"entity\":null,\"confidence\":0.7}]}", json);
    assertEquals(v, VerdictJson.fromJson(json));
  }
}

package io.headroom.analyzer.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Bottleneck;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import io.headroom.model.VerdictJson;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * Issue 28: a limit that begins T seconds into an open phase, replayed second by second into
 * RunAnalyzer as the live path reads it. Before, it was named T s after its onset (half the phase
 * at its ceiling), and with the workload's level falling at the onset 18-120 s after or never.
 */
class OnsetReplayTest {
  private final RunAnalyzer analyzer = new RunAnalyzer();

  @ParameterizedTest(name = "onset {0} s into the phase, level change {1}")
  @CsvSource({"2,false", "5,false", "10,false", "30,false", "60,false",
      "2,true", "5,true", "10,true", "30,true", "60,true"})
  void theLimitIsNamedOneReadingAfterTheOnsetsFirst(int onset, boolean levelChange) {
    OnsetRecording rec = new OnsetRecording(onset, levelChange, null);
    PhaseVerdict named = null;
    double namedAt = Double.NaN;
    for (int k = 1; k <= onset + 20 && named == null; k++) {
      rec.second(k);
      PhaseVerdict p = analyzer.analyze(rec.data, OnsetRecording.RUN).phases().get(0);
      if (p.bottleneck() == Bottleneck.ARRAY_CPU) {
        named = p;
        namedAt = OnsetRecording.START + k;
      } else {
        // never anything else: before the onset NONE or not judged yet
        assertTrue(p.bottleneck() == null || p.bottleneck() == Bottleneck.NONE, "at " + k + ": " + p.bottleneck());
      }
    }
    assertNotNull(named, "ARRAY_CPU never named within 20 s of the onset");
    // liveMinReadings 2: the onset's reading and the next, stamped 1 s later (the 2 s target: 1 s
    // of readings, the rest for ingest, a live round and the webhook)
    assertEquals(rec.onsetReading() + 1, namedAt, "named at the second reading of the new regime");
    assertEquals(OnsetRecording.NODE_A, named.entity());
    assertNotNull(named.subPhase());
    assertEquals(rec.onsetReading(), named.subPhase().start(), "the onset is the first reading at 0.97");
    assertTrue(named.evidence().get(0).startsWith("the limit began at "), named.evidence().get(0));
  }

  @Test
  void aFinishedPhaseWithAnOnsetAt60OfIts90SecondsNamesThePartAfterIt() {
    OnsetRecording rec = new OnsetRecording(60, true, 90);
    for (int k = 1; k < 90; k++) {
      rec.second(k);
    }
    Verdict v = analyzer.analyze(rec.data, OnsetRecording.RUN);
    PhaseVerdict p = v.phases().get(0);
    // judged whole from its settled start (START + 5) to START + 90: readings 5..89, 85 of them,
    // node A at 0.97 in 60..89, 30 of 85 = 35% < the 50% sustained share, so whole it is NONE
    assertEquals(Bottleneck.ARRAY_CPU, p.bottleneck());
    assertEquals(OnsetRecording.NODE_A, p.entity());
    assertEquals(rec.onsetReading(), p.subPhase().start());
    assertEquals(Bottleneck.NONE, p.subPhase().phaseSoFar());
    assertTrue(p.evidence().stream().anyMatch(e -> e.contains("at its ceiling in 30 of 30 readings")), p.evidence().toString());
    String json = VerdictJson.toJson(v);
    assertTrue(json.contains("\"sub_phase\":{\"start\":" + rec.onsetReading()), json);
    assertEquals(p.subPhase(), VerdictJson.fromJson(json).phases().get(0).subPhase(), "read back");
  }

  @Test
  void aPhaseWithoutAnOnsetHasNoSubPhaseInItsJson() {
    OnsetRecording rec = new OnsetRecording(1_000, false, 60);
    for (int k = 1; k < 60; k++) {
      rec.second(k);
    }
    Verdict v = analyzer.analyze(rec.data, OnsetRecording.RUN);
    assertEquals(Bottleneck.NONE, v.phases().get(0).bottleneck());
    assertNull(v.phases().get(0).subPhase());
    assertFalse(VerdictJson.toJson(v).contains("sub_phase"), "verdicts without one read as before");
  }
}

package io.headroom.analyzer.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** The regression gate: tolerances parsed, checked at their bounds and against the noise, and as JUnit XML. */
class GateTest {
  /** One run a side, phase "p": A reads 1000 MB/s every second, B the given level (p near 1e-20 for any difference). */
  private static Comparison pair(double b) {
    return RunComparer.compare(List.of(Runs.constant("a", 1000e6)), List.of(Runs.constant("b", b * 1e6)),
        NoiseFloor.defaults());
  }

  private static Gate.Check only(Comparison c, String rules) {
    Gate.Result r = Gate.check(c, Gate.parse(rules));
    assertEquals(1, r.checks().size());
    return r.checks().get(0);
  }

  @Test
  void aFallPastTheToleranceAndBeyondTheFloorFails() {
    Gate.Check c = only(pair(940), "throughput<-5%");
    assertEquals("fail", c.outcome());
    assertTrue(c.message().startsWith("throughput -6.0% (p="), c.message());
    assertTrue(c.message().endsWith(", noise floor 3.5%) past -5%"), c.message());
  }

  @Test
  void theBoundItselfPassesAndJustPastItFails() {
    // 950 / 1000 = 0.95: exactly -5%
    assertEquals("pass", only(pair(950), "throughput<-5%").outcome());
    assertEquals("fail", only(pair(949.9), "throughput<-5%").outcome());
    // a rise: 1100 / 1000 is +10%
    assertEquals("pass", only(pair(1100), "throughput>+10%").outcome());
    assertEquals("fail", only(pair(1100.1), "throughput>+10%").outcome());
  }

  @Test
  void pastTheToleranceButWithinTheNoiseFloorPasses() {
    // -3.3%: past a -3% tolerance, inside the 3.5% floor
    Gate.Check c = only(pair(967), "throughput<-3%");
    assertEquals("pass", c.outcome());
    assertTrue(c.message().endsWith("past -3% but within noise"), c.message());
    // -3.6%: past both
    assertEquals("fail", only(pair(964), "throughput<-3%").outcome());
  }

  @Test
  void aFigureWithoutReadingsIsSkippedAndAnUnmatchedPhaseToo() {
    Comparison c = RunComparer.compare(List.of(Runs.constant("a", "p", 1000e6), Runs.constant("a2", "p", 1000e6)),
        List.of(Runs.constant("b", "q", 1000e6)), NoiseFloor.defaults());
    Gate.Result r = Gate.check(c, Gate.parse("p99>+10%"));
    // "p" and "q" match by their workload's parameters, and no run reports p99
    assertEquals(1, r.checks().size());
    assertEquals("skipped", r.checks().get(0).outcome());
    assertFalse(r.failed());
    assertEquals("headroom compare: PASS (0 checks: p99>+10% on 1 phase; 1 skipped); B b against A a a2", r.line());
  }

  @Test
  void theLineACiLogShows() {
    Gate.Result fail = Gate.check(pair(940), Gate.parse("throughput<-5%,p99>+10%"));
    assertTrue(fail.failed());
    assertTrue(fail.line().startsWith("headroom compare: FAIL (1 of 1 checks): p throughput -6.0% (p="), fail.line());
    assertTrue(fail.line().endsWith("past -5%; B b against A a"), fail.line());
    Gate.Result pass = Gate.check(pair(990), Gate.parse("throughput<-5%"));
    assertEquals("headroom compare: PASS (1 checks: throughput<-5% on 1 phase); B b against A a", pass.line());
  }

  @Test
  void tolerancesParseFromTheOptionOrAFile() {
    assertEquals(List.of(new Gate.Rule("throughput", true, -0.05), new Gate.Rule("p99", false, 0.10)),
        Gate.parse("throughput<-5%, p99 > +10%"));
    assertEquals(List.of(new Gate.Rule("iops", true, -0.025), new Gate.Rule("latency", false, 0.2)),
        Gate.parse("# nightly gate\niops<-2.5%   # 2.5% of IOPS\n\nlatency>20%\n"));
    assertEquals("throughput<-5%", new Gate.Rule("throughput", true, -0.05).text());
    IllegalArgumentException sign = assertThrows(IllegalArgumentException.class, () -> Gate.parse("throughput<5%"));
    assertTrue(sign.getMessage().contains("throughput<-5%"), sign.getMessage());
    IllegalArgumentException rise = assertThrows(IllegalArgumentException.class, () -> Gate.parse("p99>-10%"));
    assertTrue(rise.getMessage().contains("p99>+10%"), rise.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Gate.parse("bandwidth<-5%"));
    assertThrows(IllegalArgumentException.class, () -> Gate.parse("throughput=-5%"));
    assertThrows(IllegalArgumentException.class, () -> Gate.parse("throughput<-5"));
    assertThrows(IllegalArgumentException.class, () -> Gate.parse(" # nothing\n"));
  }

  @Test
  void junitXmlListsEveryCheckWithTheRegressionAsAFailure() throws Exception {
    Comparison c = RunComparer.compare(List.of(Runs.constant("a", "<seq&\"x\">", 1000e6)),
        List.of(Runs.constant("b", "<seq&\"x\">", 900e6)), NoiseFloor.defaults());
    String xml = Gate.junit(Gate.check(c, Gate.parse("throughput<-5%,latency>+10%,p99>+10%")));
    Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    Element suite = (Element) d.getElementsByTagName("testsuite").item(0);
    assertEquals("3", suite.getAttribute("tests"));
    assertEquals("1", suite.getAttribute("failures"), "throughput -10%; latency the same 2 ms");
    assertEquals("1", suite.getAttribute("skipped"), "no p99 readings");
    Element first = (Element) d.getElementsByTagName("testcase").item(0);
    assertEquals("headroom.compare.<seq&\"x\">", first.getAttribute("classname"));
    assertEquals("throughput<-5%", first.getAttribute("name"));
    Element failure = (Element) first.getElementsByTagName("failure").item(0);
    // 0.9 - 1 is -0.09999999999999998, under 10% in magnitude: percentChange prints a decimal
    assertTrue(failure.getAttribute("message").startsWith("throughput -10.0% (p="), failure.getAttribute("message"));
    assertEquals(0, ((Element) d.getElementsByTagName("testcase").item(1)).getElementsByTagName("failure").getLength());
  }

  @Test
  void xmlEscapesWhatItCannotHold() {
    assertEquals("a&amp;b&lt;c&gt;&quot;&apos;&#10;\uFFFD", Gate.xml("a&b<c>\"'\n\u0001"));
  }
}

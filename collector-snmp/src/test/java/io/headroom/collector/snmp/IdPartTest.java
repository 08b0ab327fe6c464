package io.headroom.collector.snmp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Names made fit for ids: port-name characters kept, every other byte percent-encoded, '%' too. */
class IdPartTest {
  @Test
  void portNameCharactersAreKept() {
    assertEquals("Ethernet1/49", IdPart.of("Ethernet1/49"));
    assertEquals("xe-0/0/0.0", IdPart.of("xe-0/0/0.0"));
    assertEquals("1:1_a", IdPart.of("1:1_a"));
  }

  @Test
  void spacesBracketsBarsAndPercentAreEncoded() {
    // ' ' is 0x20, '<' 0x3C, '>' 0x3E, '|' 0x7C, '%' 0x25
    assertEquals("FC%20port%200/0", IdPart.of("FC port 0/0"));
    assertEquals("%3Cprivate%3E", IdPart.of("<private>"));
    assertEquals("a%7Cb", IdPart.of("a|b"));
    assertEquals("50%25", IdPart.of("50%"));
    // an encoded name never meets the name it encodes to: "a b" and "a%20b" stay two ids
    assertEquals("a%2520b", IdPart.of("a%20b"));
  }

  @Test
  void nonAsciiIsEncodedByItsUtf8Bytes() {
    // 'é' is U+00E9, UTF-8 C3 A9
    assertEquals("caf%C3%A9", IdPart.of("café"));
  }

  @Test
  void eachRangesEdgesAreKeptAndTheirNeighboursEncoded() {
    // a-z, A-Z, 0-9 at both ends kept; the bytes just outside each range: ` (0x60) { (0x7B)
    // @ (0x40) [ (0x5B); before 0 comes / and after 9 comes :, both kept on their own
    assertEquals("azAZ09", IdPart.of("azAZ09"));
    assertEquals("%60%7B%40%5B", IdPart.of("`{@["));
  }
}

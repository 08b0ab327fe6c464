package io.headroom.model.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class NameCacheTest {
  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void theSameBytesAnywhereInABufferGiveTheSameString() {
    NameCache names = new NameCache();
    byte[] buf = utf8("xxutilxxutil_busyutil");
    String a = names.name(buf, 2, 4);   // "util" at 2..6
    String b = names.name(buf, 17, 4);  // "util" at 17..21
    String c = names.name(buf, 8, 9);   // "util_busy": starts alike, is another name
    assertEquals("util", a);
    assertSame(a, b);
    assertEquals("util_busy", c);
    assertEquals(2, names.size());
  }

  @Test
  void multiByteNamesAreDecodedAsUtf8() {
    NameCache names = new NameCache();
    byte[] buf = utf8("température");
    assertEquals("température", names.name(buf, 0, buf.length)); // 11 characters, 12 bytes (é is 2)
  }

  @Test
  void keepsEveryNameAsItGrowsAndNoMoreThanItsBound() {
    NameCache names = new NameCache();
    // the table starts at 1024 slots and doubles at half full: 65,536 names pass 7 doublings
    String[] first = new String[NameCache.MAX_NAMES];
    for (int i = 0; i < NameCache.MAX_NAMES; i++) {
      byte[] b = utf8("m" + i);
      first[i] = names.name(b, 0, b.length);
    }
    for (int i = 0; i < NameCache.MAX_NAMES; i += 997) {
      byte[] b = utf8("m" + i);
      assertSame(first[i], names.name(b, 0, b.length));
    }
    assertEquals(NameCache.MAX_NAMES, names.size());
    // one past the bound: decoded each time, not kept
    byte[] extra = utf8("one more");
    String x = names.name(extra, 0, extra.length);
    assertEquals("one more", x);
    assertNotSame(x, names.name(extra, 0, extra.length));
    assertEquals(NameCache.MAX_NAMES, names.size());
  }
}

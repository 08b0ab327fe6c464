package io.headroom.analyzer.ingest;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Inputs for a decoder's fuzz test: random bytes (one in six), else a real record with one to
 * four mutations, each of a kind a broken or hostile producer makes.
 */
final class FuzzInputs {
  /** Counts that once made a decoder allocate for them: 2^31-1, 2^32-1 (-1 signed), 2^31, 2^16-1, 2^16. */
  private static final int[] HUGE = {Integer.MAX_VALUE, -1, Integer.MIN_VALUE, 0xFFFF, 0x10000};
  private static final int MAX_RANDOM_BYTES = 512;
  /** Nesting past Jackson's limit of 1000, up to 16,384 deep. */
  private static final int MAX_DEPTH = 1 << 14;

  private FuzzInputs() {}

  enum Kind {
    FLIP_BIT, SET_BYTE, INSERT_BYTES, CUT_RANGE, TRUNCATE, HUGE_INT, HUGE_FIELD, DEEP_NESTING, DUPLICATE_RANGE
  }

  /** One change: {@code where} picks a position (taken modulo the length), {@code value} what goes there. */
  record Mutation(Kind kind, int where, int value) {}

  static Arbitrary<byte[]> of(List<byte[]> seeds, Function<byte[], List<FuzzSeeds.Field>> fields) {
    Arbitrary<byte[]> random = Arbitraries.bytes().array(byte[].class).ofMaxSize(MAX_RANDOM_BYTES);
    Arbitrary<Mutation> mutation = Combinators.combine(Arbitraries.of(Kind.class),
        Arbitraries.integers().greaterOrEqual(0), Arbitraries.integers()).as(Mutation::new);
    Arbitrary<byte[]> mutated = Combinators.combine(Arbitraries.of(seeds), mutation.list().ofMinSize(1).ofMaxSize(4))
        .as((seed, mutations) -> {
          byte[] b = seed.clone();
          for (Mutation m : mutations) {
            b = apply(b, m, fields.apply(seed));
          }
          return b;
        });
    return Arbitraries.frequencyOf(Tuple.of(1, random), Tuple.of(5, mutated));
  }

  static byte[] apply(byte[] b, Mutation m, List<FuzzSeeds.Field> fields) {
    int n = b.length;
    if (n == 0) {
      return b;
    }
    int at = m.where() % n;
    switch (m.kind()) {
      case FLIP_BIT -> b[at] ^= (byte) (1 << (m.value() & 7));
      case SET_BYTE -> b[at] = (byte) m.value();
      case INSERT_BYTES -> {
        return splice(b, at, at, Arrays.copyOf(intBytes(m.value()), 1 + (m.where() & 3)));
      }
      case CUT_RANGE -> {
        return splice(b, at, Math.min(n, at + 1 + (m.value() & 63)), new byte[0]);
      }
      case TRUNCATE -> {
        return Arrays.copyOf(b, m.where() % (n + 1));
      }
      case HUGE_INT -> {
        return splice(b, at, Math.min(n, at + 4), intBytes(HUGE[Math.floorMod(m.value(), HUGE.length)]));
      }
      case HUGE_FIELD -> {
        if (!fields.isEmpty()) {
          FuzzSeeds.Field f = fields.get(m.where() % fields.size());
          if (f.offset() + f.width() <= n) {
            byte[] huge = intBytes(HUGE[Math.floorMod(m.value(), HUGE.length)]);
            System.arraycopy(huge, 4 - f.width(), b, f.offset(), f.width());
          }
        }
      }
      case DEEP_NESTING -> {
        String open = (m.value() & 1) == 0 ? "[" : "{\"a\":";
        return splice(b, at, at, open.repeat(1 + Math.floorMod(m.value(), MAX_DEPTH)).getBytes(StandardCharsets.UTF_8));
      }
      case DUPLICATE_RANGE -> {
        int end = Math.min(n, at + 1 + (m.value() & 255));
        return splice(b, at, at, Arrays.copyOfRange(b, at, end));
      }
    }
    return b;
  }

  private static byte[] splice(byte[] b, int from, int to, byte[] insert) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(b.length + insert.length);
    out.write(b, 0, from);
    out.writeBytes(insert);
    out.write(b, to, b.length - to);
    return out.toByteArray();
  }

  private static byte[] intBytes(int v) {
    return new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
  }
}

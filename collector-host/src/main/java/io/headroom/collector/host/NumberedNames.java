package io.headroom.collector.host;

import java.util.Arrays;

/**
 * Strings made of a fixed prefix and a small number ("cpu17", "h1/cpu/17"), made once and kept:
 * a 128-CPU host asks for each of them every scrape.
 */
final class NumberedNames {
  private final String prefix;
  private String[] names = new String[0];

  NumberedNames(String prefix) {
    this.prefix = prefix;
  }

  String of(int n) {
    if (n >= names.length) {
      names = Arrays.copyOf(names, Math.max(n + 1, names.length * 2));
    }
    String name = names[n];
    if (name == null) {
      name = prefix + n;
      names[n] = name;
    }
    return name;
  }
}

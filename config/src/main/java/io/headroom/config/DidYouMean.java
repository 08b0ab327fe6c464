package io.headroom.config;

import java.util.Collection;

/**
 * The known word a misspelt one was most likely meant to be: the nearest by optimal string
 * alignment distance (Damerau-Levenshtein where no letter is edited twice: an insertion, a deletion,
 * a substitution or two neighbours swapped each cost 1). Shared by every place that refuses a word
 * a person typed (a testbed key of any section or source, a subcommand), so they all suggest alike.
 */
public final class DidYouMean {
  /** Farther than two edits, a suggestion is more often wrong than helpful. */
  static final int MAX_EDITS = 2;
  /** Up to this length a word gets one edit: two would make "port" a misspelt "host". */
  static final int SHORT = 4;

  private DidYouMean() {}

  /**
   * The nearest of {@code known} to {@code word}, or null when none is within {@link #MAX_EDITS}
   * edits (one for a word of up to {@link #SHORT} letters, none for one letter); on a tie, the
   * first in {@code known}'s order.
   */
  public static String nearest(String word, Collection<String> known) {
    String best = null;
    int bestDistance = (word.length() <= 1 ? 0 : word.length() <= SHORT ? 1 : MAX_EDITS) + 1;
    for (String candidate : known) {
      int d = distance(word, candidate);
      if (d < bestDistance) {
        best = candidate;
        bestDistance = d;
      }
    }
    return best;
  }

  /** "unknown key 'hots'; did you mean 'host'?", or "unknown key 'colour' (known: [a, b])". */
  public static String unknownKey(String key, Collection<String> known) {
    String near = nearest(key, known);
    return near == null ? "unknown key '" + key + "' (known: " + known + ")"
        : "unknown key '" + key + "'; did you mean '" + near + "'?";
  }

  /** Optimal string alignment distance between {@code a} and {@code b}. */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1); // two neighbours swapped
        }
      }
    }
    return d[a.length()][b.length()];
  }
}

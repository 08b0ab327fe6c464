package io.headroom.model;

/**
 * What a testbed's name may be, the one rule for the testbed file and for every record that
 * names a testbed, whichever producer sent it: a testbed starts every Kafka key and every
 * database key, and {@code '|'} separates a key's parts ({@code testbed|entity}), so a testbed
 * {@code x|relb} with entity {@code zz} would be filed as testbed {@code x}, entity {@code relb|zz}.
 */
public final class TestbedName {
  private TestbedName() {}

  /** Why {@code testbed} cannot name a testbed, or null when it can. */
  public static String problem(String testbed) {
    if (testbed == null || testbed.isBlank()) {
      return "must name the testbed";
    }
    String unstorable = StorableText.keyProblem(testbed);
    if (unstorable != null) {
      return unstorable;
    }
    return testbed.contains("|") ? "must not contain '|' (it separates key parts on Kafka)" : null;
  }

  /**
   * {@code testbed}, checked.
   *
   * @throws IllegalArgumentException "testbed "x|relb": must not contain '|' ..."
   */
  public static String checked(String testbed) {
    String p = problem(testbed);
    if (p != null) {
      throw new IllegalArgumentException("testbed " + StorableText.quote(String.valueOf(testbed)) + ": " + p);
    }
    return testbed;
  }
}

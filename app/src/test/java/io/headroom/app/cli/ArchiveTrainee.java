package io.headroom.app.cli;

/** The program ClassArchiveScriptTest archives and starts: one line naming its argument. */
public final class ArchiveTrainee {
  private ArchiveTrainee() {}

  public static void main(String[] args) {
    System.out.println("trained on " + String.join(" ", args));
  }
}

package io.headroom.collector.capture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The README.md of a capture: what it holds, when and from what it was taken, what was left out. */
final class CaptureReadme {
  private CaptureReadme() {}

  /** @param stopped why the reading was cut short (the capture's deadline), null when it read all */
  record Facts(String type, String host, String started, String firmware, boolean keepSerials, List<String> files,
      int requests, List<String> failures, String stopped) {}

  static void write(Path out, Facts f) throws IOException {
    StringBuilder s = new StringBuilder();
    s.append("# headroom capture: ").append(f.type()).append(" source of ").append(f.host()).append("\n\n");
    s.append("- Captured: ").append(f.started()).append(" (UTC), by `headroom capture ").append(f.type())
        .append("` (one discover and two scrapes, every request recorded)\n");
    s.append("- Firmware: ").append(f.firmware()).append('\n');
    s.append("- Redaction: ").append(f.keepSerials()
        ? "serial and part numbers, UUIDs and addresses KEPT (--keep-serials); secrets removed"
        : "serial and part numbers, UUIDs, IP and MAC addresses replaced by stable placeholders; secrets removed")
        .append("; credentials and session tokens are never written\n");
    s.append(f.type().equals("snmp") ? "- Values answered: " : "- Requests: ").append(f.requests()).append(", files: ").append(f.files().size()).append('\n');
    if (f.stopped() != null) {
      s.append("- Incomplete: ").append(f.stopped()).append('\n');
    }
    s.append('\n');
    if (!f.failures().isEmpty()) {
      s.append("## Answers that were not a success (not written: the stand-in answers 404 for them)\n\n");
      f.failures().forEach(line -> s.append("- ").append(line).append('\n'));
      s.append('\n');
    }
    s.append("## Files\n\n");
    f.files().forEach(p -> s.append("- ").append(p).append('\n'));
    s.append("\nServe it with the stand-in (see docs/capture.md) to read it back as the device.\n");
    Files.writeString(out.resolve("README.md"), s);
  }
}

package io.headroom.collector.capture;

import io.headroom.collector.capture.RecordedExchanges.Exchange;
import java.io.IOException;
import java.util.List;

/**
 * How one source type's recorded answers become files its stand-in serves back. A source that can
 * be captured ships one in its own package, registered in
 * META-INF/services/io.headroom.collector.capture.CaptureFormat: {@code headroom capture} finds it
 * there, so adding one touches nothing here.
 */
public interface CaptureFormat {
  /** The source type it captures, the factory's {@code type()}. */
  String type();

  /** Writes the files; returns one line per file written, for the README. */
  List<String> write(List<Exchange> exchanges, CaptureWriter out) throws IOException;

  /** What the device says it runs ("iDRAC 7.10.30.00, Redfish 1.17.0"), from the answers; "not stated" if nothing. */
  String firmware(List<Exchange> exchanges);
}

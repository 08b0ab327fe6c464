package io.headroom.collector.capture;

import io.headroom.collector.capture.RecordedExchanges.Exchange;
import java.io.IOException;
import java.util.List;

/** How one source type's recorded answers become files its stand-in serves back. */
interface CaptureFormat {
  /** Writes the files; returns one line per file written, for the README. */
  List<String> write(List<Exchange> exchanges, CaptureWriter out) throws IOException;

  /** What the device says it runs ("iDRAC 7.10.30.00, Redfish 1.17.0"), from the answers; "not stated" if nothing. */
  String firmware(List<Exchange> exchanges);
}

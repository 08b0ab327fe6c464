package io.headroom.app.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ReadingsExpositionTest {
  @ParameterizedTest(name = "{0}: OpenMetrics {1}")
  @CsvSource(delimiter = '|', value = {
      // Prometheus 2.42's own scrape header
      "application/openmetrics-text;version=1.0.0,application/openmetrics-text;version=0.0.1;q=0.75,"
          + "text/plain;version=0.0.4;q=0.5,*/*;q=0.1 | true",
      "application/openmetrics-text | true",
      "text/plain;version=0.0.4 | false",
      "*/* | false",
      "application/openmetrics-text; version=0.0.1 | false",
      "application/openmetrics-text;version=1.0.0;q=0.2,text/plain;q=0.9 | false",
      "text/plain;q=0.3, application/openmetrics-text;version=1.0.0;q=0.3 | true",
  })
  void theHighestQWinsAndOnlyVersion100IsOpenMetrics(String accept, boolean openMetrics) {
    assertEquals(openMetrics, ReadingsExposition.wantsOpenMetrics(accept));
  }

  @org.junit.jupiter.api.Test
  void noAcceptHeaderGetsTheTextFormat() {
    assertEquals(false, ReadingsExposition.wantsOpenMetrics(null));
  }
}

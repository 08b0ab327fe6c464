package io.headroom.app.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.headroom.model.Run;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The report page's link to the run's window on Grafana's data path headroom dashboard. */
class GrafanaLinkTest {
  @Test
  void theLinkOpensTheRunsWindowInMilliseconds() {
    // 1795995443.5 s to 1795995563 s: Grafana's from/to are epoch milliseconds
    Run run = new Run("s5 b", "lab", 1795995443.5, 1795995563.0, Map.of());
    assertEquals(URI.create("https://grafana.example.com/d/headroom-headroom?var-testbed=lab&var-run=s5%20b"
        + "&from=1795995443500&to=1795995563000"), GrafanaLink.of(URI.create("https://grafana.example.com/"), run));
    // an open run's window ends now
    assertEquals(URI.create("http://g:3000/d/headroom-headroom?var-testbed=lab&var-run=r1&from=1000&to=now"),
        GrafanaLink.of(URI.create("http://g:3000"), new Run("r1", "lab", 1.0, null, Map.of())));
    assertNull(GrafanaLink.of(null, run), "no grafana_url, no link");
  }

  @Test
  void theLinkGoesRightAfterTheTitleEscaped() {
    String page = "<html><body><h1>Headroom run report</h1><p>rest</p></body></html>";
    assertEquals("<html><body><h1>Headroom run report</h1><p class=\"grafana-link\"><a href=\"http://g/d/x?a=1&amp;b=2\">"
        + "This run on Grafana (data path headroom)</a></p><p>rest</p></body></html>",
        GrafanaLink.insert(page, URI.create("http://g/d/x?a=1&b=2")));
    assertEquals(page, GrafanaLink.insert(page, null));
  }
}

package io.headroom.app.report;

import io.headroom.model.Run;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * The report page's link to its run on Grafana's data path headroom dashboard (uid
 * {@code headroom-headroom}, dashboards/json/headroom.json), opened on the run's window; that
 * dashboard links back to the report page. Kept out of ReportPage: the API adds it, since only
 * the analyzer's configuration ({@code api.grafana_url}) knows where Grafana is.
 */
public final class GrafanaLink {
  static final String DASHBOARD = "headroom-headroom";

  private GrafanaLink() {}

  /**
   * {@code GRAFANA/d/headroom-headroom?var-testbed=T&var-run=R&from=MS&to=MS}, the run's window in
   * Grafana's epoch milliseconds (an open run's ends "now"); null when no Grafana is configured.
   */
  public static URI of(URI grafana, Run run) {
    if (grafana == null || run == null) {
      return null;
    }
    String base = grafana.toString().replaceAll("/+$", "");
    String to = run.end() == null ? "now" : Long.toString(Math.round(run.end() * 1000));
    return URI.create(base + "/d/" + DASHBOARD + "?var-testbed=" + encode(run.testbed()) + "&var-run="
        + encode(run.run()) + "&from=" + Math.round(run.start() * 1000) + "&to=" + to);
  }

  /** The page with the link as a line right after its title; the page unchanged when {@code link} is null. */
  public static String insert(String page, URI link) {
    int at = page.indexOf("</h1>");
    if (link == null || at < 0) {
      return page;
    }
    String line = "<p class=\"grafana-link\"><a href=\"" + ReportPage.esc(link.toString())
        + "\">This run on Grafana (data path headroom)</a></p>";
    return page.substring(0, at + 5) + line + page.substring(at + 5);
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
  }
}

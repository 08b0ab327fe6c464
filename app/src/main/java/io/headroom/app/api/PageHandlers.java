package io.headroom.app.api;

import static io.headroom.app.api.ApiAnswers.html;
import static io.headroom.app.api.ApiAnswers.json;
import static io.headroom.app.api.ApiRequests.param;

import io.headroom.analyzer.compare.Comparison;
import io.headroom.analyzer.compare.NoiseFloor;
import io.headroom.analyzer.data.RunData;
import io.headroom.app.report.ComparePage;
import io.headroom.app.report.GrafanaLink;
import io.headroom.app.report.ReportPage;
import io.headroom.app.report.ReportPdf;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;
import java.net.URI;

/** The pages a person opens: a run's report (HTML or PDF) and the comparison of two runs (page or JSON). */
final class PageHandlers {
  private final RunHandlers runs;
  private final RunViews views;
  private final RunComparisons comparisons;
  /** Grafana's base URL for the report pages' link to the data path dashboard; null: no link. */
  private final URI grafana;

  PageHandlers(RunHandlers runs, RunViews views, RunComparisons comparisons, URI grafana) {
    this.runs = runs;
    this.views = views;
    this.comparisons = comparisons;
    this.grafana = grafana;
  }

  void report(RoutingContext ctx) throws Exception {
    Run run = runs.run(ctx);
    RunData data = views.data(run);
    Verdict verdict = views.verdict(run);
    if (ApiRequests.wantsPdf(ctx)) {
      byte[] pdf = ReportPdf.render(data, run.run(), verdict);
      ctx.response().putHeader("Content-Type", "application/pdf")
          .putHeader("Content-Disposition", "inline; filename=\"" + run.run().replaceAll("[^A-Za-z0-9._-]", "_") + ".pdf\"")
          .end(Buffer.buffer(pdf));
      return;
    }
    String page = GrafanaLink.insert(ReportPage.render(data, run.run(), verdict), GrafanaLink.of(grafana, run));
    html(ctx, page);
  }

  void compareJson(RoutingContext ctx) throws Exception {
    json(ctx, 200, compare(ctx));
  }

  void comparePage(RoutingContext ctx) throws Exception {
    html(ctx, ComparePage.render(compare(ctx)));
  }

  /**
   * ?a=RUN&b=RUN[&testbed=T][&noise_floor=2.5%]: run b against run a; several runs a side
   * comma-separated (a=r1,r2,r3).
   */
  private Comparison compare(RoutingContext ctx) throws Exception {
    String floor = param(ctx, "noise_floor");
    NoiseFloor f;
    try {
      f = floor == null ? NoiseFloor.defaults() : NoiseFloor.parse(floor, "request");
    } catch (IllegalArgumentException e) {
      throw ApiException.badRequest("noise_floor: " + e.getMessage());
    }
    return comparisons.compare(param(ctx, "testbed"), param(ctx, "a"), param(ctx, "b"), f);
  }
}

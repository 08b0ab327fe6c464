package io.headroom.collector.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.model.MetricDef;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every sample the benchmark importers write is declared in {@link BenchMetrics} (the docs page: MetricCatalogDocsTest). */
class BenchMetricsDocTest {
  @Test
  void everySampleNameTheSourcesWriteIsDeclared() throws IOException {
    // names come from declarations (TypedNamesArchitectureTest); these must be the benchmark source's own
    List<String> declared = BenchMetrics.ALL.stream().map(MetricDef::name).toList();
    Records fio = new Records();
    FioJsonImporter.importFile(FioGoldenTest.DIR.resolve("two-jobs-jsonplus/input.json"),
        "h1", "r1", "lab", fio::add);
    Records vdb = VdbenchGoldenTest.load(VdbenchGoldenTest.DIR.resolve("block-two-runs"));
    for (Records r : List.of(fio, vdb)) {
      r.all().stream().filter(rec -> rec instanceof io.headroom.model.Sample)
          .map(rec -> ((io.headroom.model.Sample) rec).metric())
          .forEach(name -> assertEquals(true, declared.contains(name), name));
    }
  }
}

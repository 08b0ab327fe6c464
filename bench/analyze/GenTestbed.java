import io.headroom.model.Entity;
import io.headroom.model.Phase;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import io.headroom.model.Sample;
import io.headroom.model.recording.RecordingWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Writes a 1-hour recording of a 500-entity testbed at one sample per second per metric, for
 * timing `analyze` (bench/analyze/run.sh). 8 client hosts (16 sockets), 4 array nodes, 100 switch
 * and host ports, 100 PCIe links, 264 disks, 8 fio workloads; 516 series x 3,600 s = 1.86M
 * samples, in 60 phases of 60 s (a queue-depth sweep). Seeded: the same file every time.
 *
 * Usage: java -cp CLASSPATH bench/analyze/GenTestbed.java OUT.jsonl
 */
public class GenTestbed {
  record Series(String entity, String metric, double level) {}

  public static void main(String[] args) throws Exception {
    Path out = Path.of(args.length > 0 ? args[0] : "bench/results/testbed-1h.jsonl");
    double start = 1_796_400_000.0;
    int seconds = 3600;
    Random random = new Random(42);
    List<Series> series = new ArrayList<>();
    try (RecordingWriter w = RecordingWriter.create(out)) {
      w.write(new Run("bench", "lab500", start, start + seconds, Map.of("tool", "fio", "numjobs", 8)));
      for (int p = 0; p < 60; p++) {
        w.write(new Phase("bench", "8T/" + (1 << (p % 8)) + "Q-" + p, start + p * 60, start + p * 60 + 60.0));
      }
      for (int h = 0; h < 8; h++) {
        String host = "h" + h + "/cpu";
        w.write(Entity.of(host, "host_cpu"));
        series.add(new Series(host, "util", 0.4));
        for (int s = 0; s < 2; s++) {
          String socket = host + "/socket" + s;
          w.write(Entity.of(socket, "cpu_socket"));
          w.write(new Relation(socket, "on", host));
          series.add(new Series(socket, "util", 0.4));
        }
        String fio = "h" + h + "/fio";
        w.write(new Entity(fio, "workload", fio, Map.of("numjobs", 8, "iodepth", 32), Map.of()));
        w.write(new Relation(fio, "runs_on", host));
        series.add(new Series(fio, "read_iops", 200_000));
        series.add(new Series(fio, "read_bytes_per_s", 8.0e8));
        series.add(new Series(fio, "read_latency_s", 0.00128));
      }
      for (int a = 0; a < 4; a++) {
        w.write(Entity.of("array/node-" + a, "array_cpu"));
        series.add(new Series("array/node-" + a, "util", 0.7));
      }
      for (int i = 0; i < 100; i++) {
        String port = "sw/port/" + i;
        w.write(new Entity(port, "net_port", port, Map.of("fabric", "ethernet"), Map.of("bytes_per_s", 1.25e10)));
        if (i < 16) {
          w.write(new Relation("h" + (i % 8) + "/fio", "via", port));
        }
        series.add(new Series(port, "tx_bytes_per_s", 3.0e9));
        String link = "pcie/" + i;
        w.write(new Entity(link, "pcie_link", link, Map.of("gen", 4, "width", 16), Map.of("bytes_per_s", 3.15e10)));
        w.write(new Relation(link, "on", "h" + (i % 8) + "/cpu/socket" + (i % 2)));
        series.add(new Series(link, "read_bytes_per_s", 5.0e9));
      }
      for (int d = 0; d < 264; d++) {
        String disk = "disk/" + d;
        w.write(new Entity(disk, "disk", disk, Map.of(), Map.of("bytes_per_s", 7.0e9)));
        w.write(new Relation(disk, "behind", "pcie/" + (d % 100)));
        w.write(new Relation(disk, "served_by", "array/node-" + (d % 4)));
        if (d < 64) {
          w.write(new Relation("h" + (d % 8) + "/fio", "targets", disk));
        }
        series.add(new Series(disk, "read_bytes_per_s", 1.5e9));
      }
      for (int t = 1; t <= seconds; t++) {
        for (Series s : series) {
          double v = Math.max(0, s.level() * (1 + 0.03 * random.nextGaussian()));
          w.write(new Sample(start + t, s.entity(), s.metric(), Math.round(v * 1e4) / 1e4));
        }
      }
    }
    System.out.printf("%s: %d series x %d s = %,d samples%n", out, series.size(), seconds,
        (long) series.size() * seconds);
  }
}

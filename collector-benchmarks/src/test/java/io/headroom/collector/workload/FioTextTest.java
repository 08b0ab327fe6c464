package io.headroom.collector.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The small text rules: fio's command line, sizes, file lists, and framing its stdout. */
class FioTextTest {
  @Test
  void outputOptionsOfTheUserAreReplaced() {
    assertEquals(List.of("fio", "--name=a", "job.fio", "--output-format=json+", "--status-interval=1"),
        FioCommand.build(List.of("fio", "--name=a", "--output-format=normal", "--output", "x.txt",
            "--status-interval=5", "job.fio"), "fio"));
    assertEquals(List.of("/opt/fio/bin/fio", "--name=a", "--output-format=json+", "--status-interval=1"),
        FioCommand.build(List.of("--name=a"), "/opt/fio/bin/fio"));
    assertEquals("/usr/local/bin/fio",
        FioCommand.build(List.of("/usr/local/bin/fio", "--name=a"), "fio").get(0));
  }

  @Test
  void sizesAreBytesWithFiosBase1024() {
    assertEquals(4096L, FioJobOptions.size("4k"));
    assertEquals(65536L, FioJobOptions.size("64KiB"));
    assertEquals(1048576L, FioJobOptions.size("1M"));
    assertEquals(512L, FioJobOptions.size("512"));
    assertEquals("4k-64k", FioJobOptions.size("4k-64k"));
    assertEquals("4k,64k", FioJobOptions.size("4k,64k"));
    // no leading number: the text as given
    assertEquals("max", FioJobOptions.size("max"));
  }

  @Test
  void defaultsAreFilledAsFioApplesThem() {
    assertEquals(Map.of("rw", "read", "bs", 4096L, "iodepth", 1L, "numjobs", 1L),
        FioJobOptions.attrs(Map.of()));
    assertEquals(30L, FioJobOptions.attrs(Map.of("rw", "randrw", "rwmixwrite", "70")).get("rwmixread"));
    assertEquals(50L, FioJobOptions.attrs(Map.of("rw", "rw")).get("rwmixread"));
  }

  @Test
  void filenamesSplitOnColonsUnderTheirDirectory() {
    Path wd = Path.of("/work");
    assertEquals(List.of(Path.of("/dev/nvme0n1"), Path.of("/dev/nvme1n1")),
        FioJobOptions.targetPaths(Map.of("filename", "/dev/nvme0n1:/dev/nvme1n1"), wd));
    assertEquals(List.of(Path.of("/data/f1")),
        FioJobOptions.targetPaths(Map.of("filename", "f1", "directory", "/data"), wd));
    assertEquals(List.of(Path.of("/work")), FioJobOptions.targetPaths(Map.of(), wd));
    assertEquals(List.of(Path.of("/work/c:x")),
        FioJobOptions.targetPaths(Map.of("filename", "c\\:x"), wd));
  }

  @Test
  void aNameInTwoStepsIsNumberedAcrossTheRun() {
    // "x" in group 0 and in group 1 (a job file reusing a name after a stonewall): x.0 and x.1,
    // each its own section with its step
    FioDirStats none = FioDirStats.ZERO;
    FioJobNames names = new FioJobNames(List.of(
        new FioJobSnapshot("x", 0, 0, Map.of(), none, none, none, null),
        new FioJobSnapshot("x", 1, 0, Map.of(), none, none, none, null)));
    assertEquals(List.of("x.0", "x.1"), List.of(names.localName(0), names.localName(1)));
    assertEquals(List.of("x (step 0)", "x (step 1)"), List.of(names.section(0), names.section(1)));
  }

  @Test
  void objectsAreFramedAmongNoise() throws IOException {
    String text = "fio: a note {not json\n{\"a\": \"}{\\\"\", \"b\": {\"c\": 1}}\n"
        + "between\n{\n  \"x\" : 1\n}\n{\n  \"cut\" : ";
    FioJsonStream s = new FioJsonStream(new StringReader(text));
    assertEquals(new FioJsonStream.Chunk("{\"a\": \"}{\\\"\", \"b\": {\"c\": 1}}\n", 2), s.next());
    assertEquals(new FioJsonStream.Chunk("{\n  \"x\" : 1\n}\n", 4), s.next());
    assertEquals(new FioJsonStream.Chunk("{\n  \"cut\" : \n", 7), s.next());
    assertNull(s.next());
    assertEquals(List.of("fio: a note {not json", "between"), s.noise());
  }
}

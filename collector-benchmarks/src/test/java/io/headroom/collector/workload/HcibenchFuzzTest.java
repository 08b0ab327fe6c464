package io.headroom.collector.workload;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.headroom.model.RecordingRecord;
import io.headroom.model.input.InputFormatException;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * An HCIBench results folder as {@code headroom import hcibench} reads it: a test folder of any
 * name holding one VM's file of any bytes gives records, or a refusal naming the folder or the
 * file. The folder's name is where HCIBench's parameters are read (a 23-digit number threw
 * NumberFormatException); the VM's file goes through the fio reader.
 */
class HcibenchFuzzTest {
  @FuzzTest(maxDuration = "5m")
  void anyFolderNameAndVmFileAreARunOrARefusal(FuzzedDataProvider data) throws IOException {
    // half the tries a name of HCIBench's form (tool, parameters, a start time of 1 to 60 digits), so
    // the parameters' parsing is reached; the other half any name
    String name = data.consumeBoolean() ? data.consumeString(120)
        : data.pickValue(new String[] {"fio-", "vdb-"}) + data.consumeAsciiString(60) + "-"
            + String.valueOf(Math.abs(data.consumeLong() % 1_000_000_000L) + 1).repeat(data.consumeInt(1, 6));
    byte[] vm = data.consumeRemainingAsBytes();
    Path run = Files.createTempDirectory("hcibench-fuzz");
    try {
      Path test;
      try {
        test = Files.createDirectory(run.resolve(name));
      } catch (FileSystemException | IllegalArgumentException e) {
        return; // no folder can have this name (a '/', a NUL, "..")
      }
      if (!test.getParent().equals(run)) {
        return; // "." and the like: not one folder in the run
      }
      Files.write(test.resolve("vm-0.json"), vm);
      List<RecordingRecord> out = new ArrayList<>();
      try {
        HcibenchImporter.importDir(run, "r", "lab", out::add);
      } catch (FioFormatException | InputFormatException e) {
        assertTrue(e.getMessage().startsWith(run.toString()), e.getMessage());
      }
    } finally {
      try (Stream<Path> all = Files.walk(run)) {
        for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
  }
}

package io.headroom.bench.soak;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * This JVM's memory as the soak samples it: resident set (VmRSS of /proc/self/status, what the
 * kernel charges the process) and the heap in use right after the latest garbage collection (the
 * live data plus what that collection left; no collection is forced, so the reading is the
 * collector's own behaviour).
 */
final class MemoryProbe {
  private final AtomicLong heapAfterGc = new AtomicLong(-1);
  private final AtomicLong collections = new AtomicLong();
  /** Heap after the latest full ("major") collection, and how many there have been. */
  private final AtomicLong heapAfterFullGc = new AtomicLong(-1);
  private final AtomicLong fullCollections = new AtomicLong();

  MemoryProbe() {
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      ((NotificationEmitter) gc).addNotificationListener((n, handback) -> {
        if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
          var info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
          long after = heapBytes(info);
          heapAfterGc.set(after);
          collections.incrementAndGet();
          if ("end of major GC".equals(info.getGcAction())) {
            synchronized (fullCollections) {
              heapAfterFullGc.set(after);
              fullCollections.incrementAndGet();
              fullCollections.notifyAll();
            }
          }
        }
      }, null, null);
    }
  }

  /** Sum over the heap pools only (after-GC usage also lists metaspace and code cache). */
  private static long heapBytes(GarbageCollectionNotificationInfo info) {
    long sum = 0;
    for (var pool : ManagementFactory.getMemoryPoolMXBeans()) {
      MemoryUsage after = info.getGcInfo().getMemoryUsageAfterGc().get(pool.getName());
      if (pool.getType() == MemoryType.HEAP && after != null) {
        sum += after.getUsed();
      }
    }
    return sum;
  }

  /** Bytes in use after the latest collection; -1 before the first. */
  long heapAfterGc() {
    return heapAfterGc.get();
  }

  long collections() {
    return collections.get();
  }

  /**
   * The live heap: the least heap in use that {@link #FULL_GCS} full collections asked for here
   * in a row left (each one's own after-collection figure). Taken at minute 5 and at the end, so
   * it barely changes the run, and it is what a leak shows in: young collections leave the old
   * generation's garbage in "heap after GC" until the next full one. Why several: the serial
   * collector's full collection leaves up to 5% of the old generation as dead space filled with
   * int arrays (-XX:MarkSweepDeadRatio, to move fewer objects) and compacts it all only every
   * fourth time (-XX:MarkSweepAlwaysCompactCount=4); in a 30-minute soak those fillers were
   * 0.5-3.0 MB of one full collection's figure, the size of the growth being measured. Why not
   * the heap's use read after System.gc(): by then the threads have taken new allocation buffers.
   */
  long liveHeap() throws InterruptedException {
    long least = Long.MAX_VALUE;
    for (int i = 0; i < FULL_GCS; i++) {
      least = Math.min(least, fullGc());
    }
    return least;
  }

  /** Four: the serial collector's MarkSweepAlwaysCompactCount, so one of them compacts fully. */
  static final int FULL_GCS = 4;

  /** One full collection asked for; the heap in use it left, from its own notification. */
  private long fullGc() throws InterruptedException {
    synchronized (fullCollections) {
      long before = fullCollections.get();
      System.gc();
      long deadline = System.nanoTime() + 30_000_000_000L;
      // the notification comes on another thread, after System.gc() returns
      while (fullCollections.get() == before && System.nanoTime() < deadline) {
        fullCollections.wait(1000);
      }
      if (fullCollections.get() == before) {
        throw new IllegalStateException("no full collection reported within 30 s of System.gc()");
      }
      return heapAfterFullGc.get();
    }
  }

  long heapCommitted() {
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getCommitted();
  }

  /** VmRSS of /proc/self/status, in bytes (the file gives kB). */
  static long residentBytes() throws IOException {
    for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
      if (line.startsWith("VmRSS:")) {
        return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
      }
    }
    throw new IOException("/proc/self/status: no VmRSS line");
  }
}

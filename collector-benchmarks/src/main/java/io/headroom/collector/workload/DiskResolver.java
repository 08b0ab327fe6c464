package io.headroom.collector.workload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the disk (kernel block device name, whole disk) that a path is, or that holds it.
 *
 * <p>A block device is named by its st_rdev; a file or directory by its file system's st_dev;
 * either way {@code <sys>/dev/block/MAJ:MIN} names the device, and a partition is mapped to its
 * whole disk, because that is where the host source's disk entity and its ceiling are. File
 * systems without a block device of their own in st_dev (btrfs, overlay) fall back to the source
 * device of the mount in /proc/self/mountinfo; tmpfs and network file systems have no disk.
 */
final class DiskResolver {
  private static final Logger LOG = LoggerFactory.getLogger(DiskResolver.class);
  private static final int S_IFMT = 0170000;
  private static final int S_IFBLK = 0060000;

  private final Path sysRoot;
  private final Path mountinfo;

  DiskResolver(Path sysRoot, Path mountinfo) {
    this.sysRoot = sysRoot;
    this.mountinfo = mountinfo;
  }

  /** The kernel name of the disk behind {@code path}, or empty (logged) when there is none. */
  Optional<String> diskOf(Path path) {
    try {
      Path p = nearestExisting(path.toAbsolutePath().normalize());
      if (p == null) {
        return Optional.empty();
      }
      int mode = (Integer) Files.getAttribute(p, "unix:mode");
      if ((mode & S_IFMT) == S_IFBLK) {
        return byDevT((Long) Files.getAttribute(p, "unix:rdev"));
      }
      Optional<String> byDev = byDevT((Long) Files.getAttribute(p, "unix:dev"));
      return byDev.isPresent() ? byDev : byMount(p.toRealPath());
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      LOG.warn("cannot find the disk holding {}: {}", path, e.toString());
      return Optional.empty();
    }
  }

  /** fio creates its files when the job starts, so look at the directory that will hold them. */
  private static Path nearestExisting(Path p) {
    Path cur = p;
    while (cur != null && !Files.exists(cur)) {
      cur = cur.getParent();
    }
    return cur;
  }

  /** glibc's dev_t encoding (gnu_dev_major / gnu_dev_minor). */
  private Optional<String> byDevT(long dev) {
    long major = ((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL);
    long minor = (dev & 0xff) | ((dev >>> 12) & ~0xffL);
    return major == 0 ? Optional.empty() : byMajorMinor(major + ":" + minor);
  }

  Optional<String> byMajorMinor(String majMin) {
    Path link = sysRoot.resolve("dev/block").resolve(majMin);
    if (!Files.exists(link)) {
      return Optional.empty();
    }
    try {
      Path dev = link.toRealPath();
      Path disk = Files.exists(dev.resolve("partition")) ? dev.getParent() : dev;
      return Optional.of(disk.getFileName().toString());
    } catch (IOException e) {
      LOG.warn("cannot resolve {}: {}", link, e.toString());
      return Optional.empty();
    }
  }

  /**
   * The longest mount point above {@code p}; its source when that is a device under /dev. Of two
   * mounts on the same point the later line wins: mountinfo lists mounts in the order they were
   * made, and the later one hides the earlier.
   */
  private Optional<String> byMount(Path p) throws IOException {
    if (!Files.isReadable(mountinfo)) {
      return Optional.empty();
    }
    String best = null;
    String bestSource = null;
    for (String line : Files.readAllLines(mountinfo)) {
      MountLine m = MountLine.parse(line);
      if (m != null && covers(m.mountPoint(), p.toString())
          && (best == null || m.mountPoint().length() >= best.length())) {
        best = m.mountPoint();
        bestSource = m.source();
      }
    }
    if (bestSource == null || !bestSource.startsWith("/dev/") || !Files.exists(Path.of(bestSource))) {
      return Optional.empty();
    }
    Path dev = Path.of(bestSource).toRealPath();
    return byDevT((Long) Files.getAttribute(dev, "unix:rdev"));
  }

  private static boolean covers(String mountPoint, String path) {
    return mountPoint.equals("/") || path.equals(mountPoint) || path.startsWith(mountPoint + "/");
  }

  /** The two fields of a mountinfo line that matter here; octal escapes (\040) undone. */
  record MountLine(String mountPoint, String source) {
    static MountLine parse(String line) {
      List<String> f = List.of(line.trim().split(" "));
      int dash = f.indexOf("-");
      if (f.size() < 5 || dash < 0 || dash + 2 >= f.size()) {
        return null;
      }
      return new MountLine(unescape(f.get(4)), unescape(f.get(dash + 2)));
    }

    private static String unescape(String s) {
      StringBuilder out = new StringBuilder();
      for (int i = 0; i < s.length(); i++) {
        if (s.charAt(i) == '\\' && i + 3 < s.length()) {
          out.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
          i += 3;
        } else {
          out.append(s.charAt(i));
        }
      }
      return out.toString();
    }
  }
}

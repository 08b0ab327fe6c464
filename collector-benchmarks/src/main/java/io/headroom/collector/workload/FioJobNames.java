package io.headroom.collector.workload;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Names for the entries of fio's "jobs" array. fio gives every clone of a section (numjobs) the
 * section's name, and a job file may reuse a name in another step, so:
 * <ul>
 *   <li>key: name, group and occurrence within both, to match an entry across objects;</li>
 *   <li>local name (entity id suffix): the job name when it is unique in the run, else
 *       {@code <name>.<n>} with n counting that name's entries from 0, as fio names clones'
 *       files ({@code <name>.<n>.0});</li>
 *   <li>section (phase name): the job name, or {@code <name> (step <groupid>)} when the name
 *       is used in several steps.</li>
 * </ul>
 */
final class FioJobNames {
  private final List<FioJobSnapshot> jobs;
  private final Map<String, Integer> total = new HashMap<>();
  private final Map<String, Set<Integer>> groups = new HashMap<>();

  FioJobNames(List<FioJobSnapshot> jobs) {
    this.jobs = jobs;
    for (FioJobSnapshot j : jobs) {
      total.merge(j.jobname(), 1, Integer::sum);
      groups.computeIfAbsent(j.jobname(), n -> new HashSet<>()).add(j.groupid());
    }
  }

  String key(int i) {
    FioJobSnapshot j = jobs.get(i);
    return j.jobname() + '\0' + j.groupid() + '\0' + occurrence(i, true);
  }

  String localName(int i) {
    String name = jobs.get(i).jobname();
    return total.get(name) == 1 ? name : name + "." + occurrence(i, false);
  }

  String section(int i) {
    FioJobSnapshot j = jobs.get(i);
    return groups.get(j.jobname()).size() == 1
        ? j.jobname() : j.jobname() + " (step " + j.groupid() + ")";
  }

  /**
   * Whether entry {@code i} stands for a whole group (group_reporting). fio does not print that
   * option, but it shows: a section with numjobs=N has fewer than N entries in its group.
   */
  boolean groupReported(int i) {
    FioJobSnapshot me = jobs.get(i);
    Object numjobs = FioJobOptions.count(me.options().getOrDefault("numjobs", "1"));
    long entries = jobs.stream()
        .filter(j -> j.jobname().equals(me.jobname()) && j.groupid() == me.groupid()).count();
    return numjobs instanceof Long n && n > entries;
  }

  /** How many entries before {@code i} have its name (and, if asked, its group). */
  private int occurrence(int i, boolean sameGroup) {
    FioJobSnapshot me = jobs.get(i);
    int n = 0;
    for (int k = 0; k < i; k++) {
      FioJobSnapshot j = jobs.get(k);
      if (j.jobname().equals(me.jobname()) && (!sameGroup || j.groupid() == me.groupid())) {
        n++;
      }
    }
    return n;
  }
}

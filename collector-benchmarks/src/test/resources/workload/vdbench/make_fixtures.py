#!/usr/bin/env python3
"""Writes the vdbench flatfile fixtures of this folder (see NOTE.md): synthetic numbers, laid out
the way vdbench's Vdb/Flat.java prints them, so that the expected records are known exactly."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))

WD_COLS = ["Run", "Interval", "reqrate", "rate", "MB/sec", "bytes/io", "read%", "resp",
           "read_resp", "write_resp", "resp_max", "read_max", "write_max", "resp_std",
           "read_std", "write_std", "xfersize", "threads", "rdpct", "rhpct", "whpct", "seekpct",
           "lunsize", "version", "compratio", "dedupratio", "queue_depth"]

COMMENT = """<pre>
*
* 'flatfile.html' contains Vdbench generated information in a column by column ASCII format.
* The first line in the file contains a one word 'column header name'; the rest of the file
* contains data that belongs to each column.
* See also 'Selective flatfile parsing' in the documentation.
*
"""


def dbl(v):
    """Flat.removeTrail: %6.4f with trailing zeros and a trailing dot removed."""
    s = "%6.4f" % v
    s = s.rstrip("0").rstrip(".")
    return s


def write(name, text):
    d = os.path.join(HERE, name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "flatfile.html"), "w") as f:
        f.write(text)


def new_style(rows, cols):
    """vdbench 5.04.07: tod and timestamp, then the columns, one blank between values."""
    head = "%12s %23s " % ("tod", "timestamp") + "".join("%s " % c for c in cols)
    out = [COMMENT.rstrip("\n"), head]
    for tod, stamp, values in rows:
        out.append("%12s %24s%s" % (tod, stamp + " ", "".join("%s " % v for v in values)))
    return "\n".join(out) + "\n</pre>\n"


def wd_row(run, interval, rate, mb, bio, readpct, rresp, wresp, xfer, threads, rdpct, seekpct):
    resp = (readpct * rresp + (100 - readpct) * wresp) / 100
    return [run, interval, dbl(999988), dbl(rate), dbl(mb), bio, dbl(readpct), dbl(resp),
            dbl(rresp), dbl(wresp), dbl(resp * 4), dbl(rresp * 4), dbl(wresp * 4), dbl(resp / 3),
            dbl(rresp / 3), dbl(wresp / 3), xfer, threads, dbl(rdpct), dbl(0), dbl(0),
            dbl(seekpct), dbl(1), "vdbench50407", "n/a", "n/a", dbl(rate * resp / 1000)]


def block_two_runs():
    rows = []
    # rd_seq_write: 64 KiB sequential writes, 1600/s = 100 MB/s, 2.5 ms
    for i, (tod, s) in enumerate([("09:00:01.002", "09:00:01"), ("09:00:02.001", "09:00:02"),
                                  ("09:00:03.003", "09:00:03")], 1):
        rows.append((tod, "11/30/2026-%s-UTC" % s,
                     wd_row("rd_seq_write", str(i), 1600, 100, 65536, 0, 0, 2.5, 65536, 4, 0, 0)))
    rows.append(("09:00:03.010", "11/30/2026-09:00:03-UTC",
                  wd_row("rd_seq_write", "avg_2-3", 1600, 100, 65536, 0, 0, 2.5, 65536, 4, 0, 0)))
    # rd_rand_mix: 4 KiB random, 70% reads, 10000/s = 39.0625 MB/s
    for i, (tod, s) in enumerate([("09:00:05.001", "09:00:05"), ("09:00:06.002", "09:00:06"),
                                  ("09:00:07.001", "09:00:07")], 1):
        rows.append((tod, "11/30/2026-%s-UTC" % s,
                     wd_row("rd_rand_mix", str(i), 10000, 39.0625, 4096, 70, 0.8, 1.5, 4096, 8,
                            70, 100)))
    rows.append(("09:00:07.008", "11/30/2026-09:00:07-UTC",
                 wd_row("rd_rand_mix", "avg_2-3", 10000, 39.0625, 4096, 70, 0.8, 1.5, 4096, 8,
                        70, 100)))
    write("block-two-runs", new_style(rows, WD_COLS))


def old_style_tod_only():
    """Older vdbench (5.02): only tod, %10s columns, kstat and cpu columns on Solaris."""
    cols = ["Run", "Interval", "reqrate", "rate", "MB/sec", "bytes/io", "read%", "resp",
            "resp_max", "resp_std", "xfersize", "threads", "rdpct", "rhpct", "whpct", "seekpct",
            "lunsize", "version", "ks_rate", "ks_busy%", "cpu_used", "cpu_idle"]
    head = "%12s " % "tod" + "".join("%10s " % c for c in cols)
    out = [COMMENT.rstrip("\n"), head]
    tods = ["23:59:58.503", "23:59:59.501", "00:00:00.502", "00:00:01.501"]
    for i, tod in enumerate(tods, 1):
        vals = ["rd_read_8k", str(i), "%10.4f" % 999988, "%10.4f" % 500, "%10.4f" % 3.9063,
                "%10d" % 8192, "%10.4f" % 100, "%10.4f" % 16.0, "%10.4f" % 80.5,
                "%10.4f" % 4.2, "%10d" % 8192, "%10d" % 8, "%10.4f" % 100, "%10.4f" % 0,
                "%10.4f" % 0, "%10.4f" % 100, "%10.4f" % 10, "%10s" % "n/a",
                "%10.4f" % 501.2, "%10.4f" % 99.9, "%10.4f" % 1.5, "%10.4f" % 98.5]
        out.append("%12s " % tod + "".join("%10s " % v for v in vals))
    write("tod-only-midnight", "\n".join(out) + "\n</pre>\n")


def filesystem_run():
    """A file system workload (FSD/FWD): per-direction columns, and a format run first."""
    ops = ["Mkdir", "Rmdir", "Create", "Open", "Close", "Delete", "Getattr", "Setattr", "Access"]
    cols = ["Run", "Interval", "Xfersize", "Threads", "Reqrate", "Rate", "Rate_std", "Rate_max",
            "Resp", "Resp_std", "Resp_max", "MB/sec", "MB_read", "MB_write"]
    for op in ["Read", "Write"] + ops:
        cols += [op + s for s in ["_rate", "_rate_std", "_rate_max", "_resp", "_resp_std",
                                  "_resp_max"]]
    cols += ["Compratio", "Dedupratio"]

    def row(run, interval, read_rate, write_rate, create_rate):
        v = {"Run": run, "Interval": interval, "Xfersize": 131072, "Threads": 8,
             "Reqrate": dbl(999988), "Rate": dbl(read_rate + write_rate + create_rate),
             "MB/sec": dbl((read_rate + write_rate) / 8), "MB_read": dbl(read_rate / 8),
             "MB_write": dbl(write_rate / 8), "Read_rate": dbl(read_rate),
             "Read_resp": dbl(1.25), "Write_rate": dbl(write_rate), "Write_resp": dbl(3.5),
             "Create_rate": dbl(create_rate), "Compratio": "n/a", "Dedupratio": "n/a"}
        return [v.get(c, "0") for c in cols]

    rows = [("10:00:01.004", "11/30/2026-11:00:01-CET", row("format_for_rd1", "1", 0, 80, 40)),
            ("10:00:02.003", "11/30/2026-11:00:02-CET", row("format_for_rd1", "2", 0, 80, 40)),
            ("10:00:04.002", "11/30/2026-11:00:04-CET", row("rd1", "1", 200, 100, 0)),
            ("10:00:05.002", "11/30/2026-11:00:05-CET", row("rd1", "2", 240, 120, 0)),
            ("10:00:05.010", "11/30/2026-11:00:05-CET", row("rd1", "avg_2-2", 240, 120, 0))]
    # tod is printed in the JVM's zone like the timestamp: same wall clock
    rows = [(s.split("-")[1] + tod[8:], s, v) for tod, s, v in rows]
    write("filesystem-run", new_style(rows, cols))


def errors():
    write("error-no-header", "10:00:01.000 rd1 1 999988 100\n")
    good = open(os.path.join(HERE, "block-two-runs", "flatfile.html")).read().split("\n")
    # the first data row (line 9) loses its last value; the second gets a bad rate
    short = list(good)
    short[8] = short[8].rstrip().rsplit(" ", 1)[0] + " "
    write("error-short-row", "\n".join(short))
    bad = list(good)
    cells = bad[9].split(" ")
    idx = [i for i, c in enumerate(cells) if c == "1600"][0]
    cells[idx] = "16O0"
    bad[9] = " ".join(cells)
    write("error-bad-number", "\n".join(bad))


block_two_runs()
old_style_tod_only()
filesystem_run()
errors()

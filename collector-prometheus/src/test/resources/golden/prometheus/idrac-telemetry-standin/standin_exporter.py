#!/usr/bin/env python3
"""A stand-in for DellGEOS/idrac-telemetry-exporter (commit 8d3ffed): serves /probe?target=T in the
text format its redfishmetricreport.addGauge and prober.Handler write (client_golang 0.0.4 text:
PowerEdge_<report Id>_<MetricId>{FQDD, Metric, ServiceTag, Target}, gauges; probe_success and
probe_duration_seconds). The names, labels and MetricIds are the exporter's code's and a real
iDRAC9's MetricReportDefinitions (SystemUsage, NICStatistics); the values are invented: the n-th
probe answers CPU_USAGE[n % len] and each NIC counter at n times its step. See README.md."""
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer
from urllib.parse import urlparse, parse_qs

SERVICE_TAG = "STANDIN"  # invented: the report's Oem.Dell.ServiceTag
# CPUUsage (%), one a probe: 0 and 100 are the range's ends, -2147483648 is Dell's no-reading value
CPU_USAGE = [12, 37, 58, 81, 0, 100, -2147483648, 45, 23, 64, 90, 5]
# NICStatistics counters, each rising by its step at every probe: {FQDD: {MetricId: step}}
# NIC.Slot.5-1 has two NPAR partitions (-1-1, -1-2); NIC.Integrated.1-1 one
NIC = {
    "NIC.Slot.5-1-1": {"RxBytes": 600000000, "TxBytes": 300000000, "RxUnicast": 400000, "RxMutlicast": 20, "RxBroadcast": 3,
                       "TxUnicast": 200000, "TxMutlicast": 10, "TxBroadcast": 1, "RxErrorPktFCSErrors": 2, "RxRuntPkt": 1,
                       "TxErrorPktLateCollision": 0, "DiscardedPkts": 7},
    "NIC.Slot.5-1-2": {"RxBytes": 250000000, "TxBytes": 50000000, "RxUnicast": 170000, "RxMutlicast": 5, "RxBroadcast": 2,
                       "TxUnicast": 35000, "TxMutlicast": 4, "TxBroadcast": 0, "RxErrorPktFCSErrors": 0, "RxRuntPkt": 0,
                       "TxErrorPktLateCollision": 1, "DiscardedPkts": 0},
    "NIC.Integrated.1-1-1": {"RxBytes": 1000000, "TxBytes": 2000000, "RxUnicast": 700, "RxMutlicast": 1, "RxBroadcast": 0,
                             "TxUnicast": 1400, "TxMutlicast": 0, "TxBroadcast": 0, "RxErrorPktFCSErrors": 0, "RxRuntPkt": 0,
                             "TxErrorPktLateCollision": 0, "DiscardedPkts": 0},
}
BASE = 1000000000000  # every counter starts here, so none reads as a reset


class Probe(BaseHTTPRequestHandler):
    n = 0

    def do_GET(self):
        url = urlparse(self.path)
        target = parse_qs(url.query).get("target", [""])[0]
        if url.path != "/probe" or not target:
            self.send_error(400, "Target parameter is missing")
            return
        n = Probe.n
        Probe.n += 1
        out = []
        def gauge(name, labels, value):
            out.append("# HELP %s \n# TYPE %s gauge\n" % (name, name))
            for fqdd, v in labels:
                out.append('%s{FQDD="%s",Metric="%s",ServiceTag="%s",Target="%s"} %s\n'
                           % (name, fqdd, name.split("_", 2)[2], SERVICE_TAG, target, repr(float(v)) if v != int(v) else int(v)))
        # the SystemUsage value's FQDD is not known (no real report was found): left empty
        gauge("PowerEdge_SystemUsage_CPUUsage", [("", CPU_USAGE[n % len(CPU_USAGE)])], None)
        for metric in sorted(next(iter(NIC.values()))):
            gauge("PowerEdge_NICStatistics_" + metric, [(f, BASE + n * NIC[f][metric]) for f in sorted(NIC)], None)
        out.append("# HELP probe_duration_seconds Returns how long the probe took to complete in seconds\n"
                   "# TYPE probe_duration_seconds gauge\nprobe_duration_seconds 0.5\n"
                   "# HELP probe_success Display whether or not the probe was a success\n"
                   "# TYPE probe_success gauge\nprobe_success 1\n")
        body = "".join(out).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *a):
        pass


HTTPServer(("127.0.0.1", int(sys.argv[1])), Probe).serve_forever()

#!/usr/bin/env python3
"""Writes the two iDRAC9-shaped stand-in trees (DMTF mockup layout) used by the Redfish source's
tests: r760-client (FC client, Intel) and r750-storage (storage node, 100 GbE, InfiniBand).
Property names and shapes follow the DMTF schemas (ServiceRoot, ComputerSystem, Chassis,
Processor, ProcessorMetrics, Sensor, PCIeDevice, PCIeSlots, NetworkAdapter, Port, PortMetrics,
NetworkPort, NetworkDeviceFunction, EventService, TelemetryService, MetricReportDefinition,
MetricDefinition) and Dell's iDRAC9 Redfish API guide and OEM schemas (DellNumericSensor,
DellNICPortMetrics, DellFCPortMetrics, DellOemLinks CPUAffinity); see docs/standins/idrac9.md.
Run it again after editing: python3 make_trees.py (the JSON it writes is committed)."""
import json, os, shutil

HERE = os.path.dirname(os.path.abspath(__file__))
V1 = "/redfish/v1"
SYS = V1 + "/Systems/System.Embedded.1"
CH = V1 + "/Chassis/System.Embedded.1"


def ref(p):
    return {"@odata.id": p}


def write(root, path, doc):
    d = os.path.join(root, path.lstrip("/"))
    os.makedirs(d, exist_ok=True)
    doc = dict(doc)
    doc.setdefault("@odata.id", path)
    with open(os.path.join(d, "index.json"), "w") as f:
        json.dump(doc, f, indent=2, sort_keys=False)
        f.write("\n")


def collection(root, path, typ, members):
    write(root, path, {"@odata.type": "#%s.%s" % (typ, typ), "Name": typ, "Members": [ref(m) for m in members],
                       "Members@odata.count": len(members)})


def skeleton(root, model, cpus, telemetry_enabled):
    write(root, V1, {"@odata.type": "#ServiceRoot.v1_16_0.ServiceRoot", "Id": "RootService", "Name": "Root Service",
                     "Product": "Integrated Dell Remote Access Controller", "Vendor": "Dell", "RedfishVersion": "1.18.0",
                     "Systems": ref(V1 + "/Systems"), "Chassis": ref(V1 + "/Chassis"), "Managers": ref(V1 + "/Managers"),
                     "SessionService": ref(V1 + "/SessionService"), "EventService": ref(V1 + "/EventService"),
                     "TelemetryService": ref(V1 + "/TelemetryService"),
                     "Links": {"Sessions": ref(V1 + "/SessionService/Sessions")}})
    collection(root, V1 + "/Systems", "ComputerSystemCollection", [SYS])
    collection(root, V1 + "/Chassis", "ChassisCollection", [CH])
    write(root, V1 + "/SessionService", {"@odata.type": "#SessionService.v1_1_8.SessionService", "Id": "SessionService",
                                         "ServiceEnabled": True, "SessionTimeout": 1800,
                                         "Sessions": ref(V1 + "/SessionService/Sessions")})
    write(root, SYS, {"@odata.type": "#ComputerSystem.v1_20_1.ComputerSystem", "Id": "System.Embedded.1",
                      "Manufacturer": "Dell Inc.", "Model": model, "BiosVersion": "1.6.6",
                      "ProcessorSummary": {"Count": len(cpus), "Model": cpus[0]["Model"]},
                      "Processors": ref(SYS + "/Processors"), "Links": {"Chassis": [ref(CH)]}})
    names = ["CPU.Socket.%d" % (i + 1) for i in range(len(cpus))]
    collection(root, SYS + "/Processors", "ProcessorCollection", [SYS + "/Processors/" + n for n in names])
    for n, c in zip(names, cpus):
        doc = {"@odata.type": "#Processor.v1_18_0.Processor", "Id": n, "Socket": n, "ProcessorType": "CPU",
               "Model": c["Model"], "TotalCores": c["Cores"], "TotalThreads": c["Cores"] * 2,
               "Status": {"State": "Enabled", "Health": "OK"}}
        if c.get("Metrics"):
            doc["Metrics"] = ref(SYS + "/Processors/" + n + "/ProcessorMetrics")
            write(root, SYS + "/Processors/" + n + "/ProcessorMetrics",
                  {"@odata.type": "#ProcessorMetrics.v1_6_0.ProcessorMetrics", "Id": "ProcessorMetrics",
                   "Name": "Processor Metrics", "BandwidthPercent": c["Metrics"]})
        # a GPU-like accelerator would be ProcessorType GPU and is not a socket; none here
        write(root, SYS + "/Processors/" + n, doc)
    write(root, CH, {"@odata.type": "#Chassis.v1_23_0.Chassis", "Id": "System.Embedded.1", "ChassisType": "RackMount",
                     "Model": model, "PCIeDevices": ref(CH + "/PCIeDevices"), "PCIeSlots": ref(CH + "/PCIeSlots"),
                     "NetworkAdapters": ref(CH + "/NetworkAdapters"), "Sensors": ref(CH + "/Sensors"),
                     "Links": {"ComputerSystems": [ref(SYS)]}})
    write(root, V1 + "/EventService", {"@odata.type": "#EventService.v1_10_0.EventService", "Id": "EventService",
                                       "ServiceEnabled": True, "ServerSentEventUri": V1 + "/SSE",
                                       "EventFormatTypes": ["Event", "MetricReport"],
                                       "SSEFilterPropertiesSupported": {"EventFormatType": True, "MetricReportDefinition": True}})
    tel = V1 + "/TelemetryService"
    write(root, tel, {"@odata.type": "#TelemetryService.v1_3_1.TelemetryService", "Id": "TelemetryService",
                      "ServiceEnabled": telemetry_enabled, "MinCollectionInterval": "PT0H0M5S",
                      "MetricDefinitions": ref(tel + "/MetricDefinitions"),
                      "MetricReportDefinitions": ref(tel + "/MetricReportDefinitions"),
                      "MetricReports": ref(tel + "/MetricReports")})
    collection(root, tel + "/MetricReportDefinitions", "MetricReportDefinitionCollection", [tel + "/MetricReportDefinitions/SystemUsage"])
    write(root, tel + "/MetricReportDefinitions/SystemUsage", {
        "@odata.type": "#MetricReportDefinition.v1_4_2.MetricReportDefinition", "Id": "SystemUsage",
        "Name": "System Usage Metric Report", "MetricReportDefinitionEnabled": telemetry_enabled,
        "MetricReportDefinitionType": "Periodic", "Schedule": {"RecurrenceInterval": "PT0H1M0S"},
        "Metrics": [{"MetricId": m, "MetricProperties": []} for m in ("CPUUsage", "IOUsage", "MemoryUsage", "AggregateUsage")]})
    for m, d in (("CPUUsage", "CPU Usage Percent"), ("IOUsage", "IO Usage Percent"),
                 ("MemoryUsage", "Memory Usage Percent"), ("AggregateUsage", "System Usage Percent")):
        write(root, tel + "/MetricDefinitions/" + m, {"@odata.type": "#MetricDefinition.v1_3_1.MetricDefinition",
                                                      "Id": m, "Name": d + " Metric Definition", "MetricType": "Numeric",
                                                      "MetricDataType": "Decimal", "Units": "%", "SensingInterval": "PT5.0S"})


def sensors(root, readings):
    """readings: name -> value (None: no reading, Dell's CurrentState Unknown)"""
    collection(root, CH + "/Sensors", "SensorCollection", [CH + "/Sensors/" + n for n in readings])
    for n, v in readings.items():
        write(root, CH + "/Sensors/" + n, {
            "@odata.type": "#Sensor.v1_7_0.Sensor", "Id": n, "Name": n, "ReadingType": "Percent", "ReadingUnits": "%",
            "Reading": v, "PhysicalContext": "SystemBoard", "Status": {"State": "Enabled", "Health": "OK"},
            "Oem": {"Dell": {"@odata.type": "#DellOemSensor.v1_0_0.DellOemSensor",
                             "CurrentState": "Unknown" if v is None else "Normal",
                             "DeviceID": "iDRAC.Embedded.1#" + n}}})


def cpu_ref(n):
    return ref(SYS + "/Processors/CPU.Socket.%d" % n)


def pcie(root, devices, slots, device_slot_property):
    collection(root, CH + "/PCIeDevices", "PCIeDeviceCollection", [CH + "/PCIeDevices/" + d["Id"] for d in devices])
    for d in devices:
        doc = {"@odata.type": "#PCIeDevice.v1_11_1.PCIeDevice", "Id": d["Id"], "Name": d["Name"],
               "Manufacturer": d["Manufacturer"], "Model": d.get("Model", d["Name"]), "DeviceType": "SingleFunction",
               "Status": {"State": "Enabled", "Health": "OK"},
               "Links": {"Chassis": [ref(CH)], "Oem": {"Dell": {"@odata.type": "#DellOem.v1_3_0.DellOemLinks",
                                                                 "CPUAffinity": [cpu_ref(d["cpu"])] if d.get("cpu") else []}}}}
        if d.get("iface"):
            g, w, mg, mw = d["iface"]
            doc["PCIeInterface"] = {"PCIeType": g, "LanesInUse": w, "MaxPCIeType": mg, "MaxLanes": mw}
        s = d.get("slot")
        if s is not None and device_slot_property:
            sl = slots[s]
            doc["Slot"] = {"Lanes": sl["Lanes"], "PCIeType": sl["PCIeType"], "SlotType": sl["SlotType"],
                           "Location": {"PartLocation": {"LocationOrdinalValue": s, "LocationType": "Slot"}}}
        write(root, CH + "/PCIeDevices/" + d["Id"], doc)
    entries = []
    for n, sl in slots.items():
        devs = [CH + "/PCIeDevices/" + d["Id"] for d in devices if d.get("slot") == n]
        entries.append({"HotPluggable": False, "Lanes": sl["Lanes"], "PCIeType": sl["PCIeType"], "SlotType": sl["SlotType"],
                        "Location": {"PartLocation": {"LocationOrdinalValue": n, "LocationType": "Slot"}},
                        "Status": {"State": "Enabled"},
                        "Links": {"PCIeDevice": [ref(x) for x in devs], "Processors": [cpu_ref(sl["cpu"])]},
                        "Oem": {"Dell": {"@odata.type": "#DellPCIeSlots.v1_0_0.DellPCIeSlots", "SlotKey": "PCIe.Slot.%d" % n}}})
    write(root, CH + "/PCIeSlots", {"@odata.type": "#PCIeSlots.v1_5_0.PCIeSlots", "Id": "PCIeSlots", "Name": "PCIeSlots",
                                    "Slots": entries})


def nic_metrics(fqdd, rx, tx, pkts, pause):
    return {"@odata.type": "#DellNICPortMetrics.v1_1_1.DellNICPortMetrics", "Id": fqdd, "FQDD": fqdd,
            "Name": "DellNICPortMetrics", "RxBytes": rx, "TxBytes": tx, "RxUnicastPackets": pkts, "TxUnicastPackets": pkts,
            "RxMutlicastPackets": 0, "TxMutlicastPackets": 0, "RxBroadcast": 0, "TxBroadcast": 0,
            "RxErrorPktFCSErrors": 0, "RxErrorPktAlignmentErrors": 0, "RxJabberPkt": None, "RxRuntPkt": 0,
            "TxErrorPktExcessiveCollision": 0, "TxErrorPktLateCollision": 0, "DiscardedPkts": 0,
            "RxPauseXONFrames": pause, "RxPauseXOFFFrames": 0, "OSDriverState": "Operational"}


def fc_metrics(fqdd, rx_kb, tx_kb, frames):
    return {"@odata.type": "#DellFCPortMetrics.v1_1_1.DellFCPortMetrics", "Id": fqdd, "Name": "DellFCPortMetrics",
            "FCRxKBCount": rx_kb, "FCTxKBCount": tx_kb, "FCRxTotalFrames": frames, "FCTxTotalFrames": frames,
            "FCInvalidCRCs": 0, "FCLinkFailures": 0, "FCLossOfSignals": 0, "FCRxSequences": None, "FCTxSequences": None,
            "OSDriverState": "Operational", "PortStatus": "Up"}


def adapter(root, aid, model, cpu, ports, new_schema, pcie_device=None):
    """ports: list of dicts: Id, tech, gbps, width, metrics (dell doc or None), pm (PortMetrics doc or None)"""
    base = CH + "/NetworkAdapters/" + aid
    coll = "Ports" if new_schema else "NetworkPorts"
    links = {"NetworkDeviceFunctions": [ref(base + "/NetworkDeviceFunctions/" + p["Id"]) for p in ports],
             "Oem": {"Dell": {"@odata.type": "#DellOem.v1_3_0.DellOemLinks", "CPUAffinity": [cpu_ref(cpu)]}}}
    if pcie_device:
        links["PCIeDevices"] = [ref(CH + "/PCIeDevices/" + pcie_device)]
    doc = {"@odata.type": "#NetworkAdapter.v1_9_0.NetworkAdapter", "Id": aid, "Model": model, "Manufacturer": model.split()[0],
           "Controllers": [{"Links": links}], "NetworkDeviceFunctions": ref(base + "/NetworkDeviceFunctions"),
           "NetworkPorts": ref(base + "/NetworkPorts")}
    if new_schema:
        doc["Ports"] = ref(base + "/Ports")
    write(root, base, doc)
    collection(root, base + "/" + coll, "PortCollection" if new_schema else "NetworkPortCollection",
               [base + "/" + coll + "/" + p["Id"] for p in ports])
    collection(root, base + "/NetworkDeviceFunctions", "NetworkDeviceFunctionCollection",
               [base + "/NetworkDeviceFunctions/" + p["Id"] for p in ports])
    for p in ports:
        path = base + "/" + coll + "/" + p["Id"]
        if new_schema:
            port = {"@odata.type": "#Port.v1_9_0.Port", "Id": p["Id"], "Name": "Port " + p["Id"],
                    "LinkNetworkTechnology": p["tech"], "CurrentSpeedGbps": p["gbps"], "LinkStatus": "LinkUp",
                    "PortId": p["Id"].split("-")[-1]}
            if p.get("width"):
                port["Width"] = p["width"]
            if p.get("pm") is not None:
                port["Metrics"] = ref(path + "/Metrics")
                write(root, path + "/Metrics", dict({"@odata.type": "#PortMetrics.v1_4_0.PortMetrics", "Id": "Metrics",
                                                     "Name": "Port Metrics"}, **p["pm"]))
        else:
            port = {"@odata.type": "#NetworkPort.v1_4_1.NetworkPort", "Id": p["Id"], "Name": "Network Port View",
                    "ActiveLinkTechnology": p["tech"], "CurrentLinkSpeedMbps": int(p["gbps"] * 1000), "LinkStatus": "Up",
                    "PhysicalPortNumber": p["Id"].split("-")[-1]}
        write(root, path, port)
        fpath = base + "/NetworkDeviceFunctions/" + p["Id"]
        dell = {"@odata.type": "#DellOem.v1_3_0.DellOemResources"}
        if p.get("metrics") is not None:
            kind = "DellFCPortMetrics" if p["tech"] == "FibreChannel" else "DellNICPortMetrics"
            mpath = fpath + "/Oem/Dell/" + kind + "/" + p["Id"]
            dell[kind] = dict(p["metrics"], **{"@odata.id": mpath})
            write(root, mpath, p["metrics"])
        assign = "PhysicalNetworkPortAssignment" if new_schema else "PhysicalPortAssignment"
        write(root, fpath, {"@odata.type": "#NetworkDeviceFunction.v1_9_0.NetworkDeviceFunction", "Id": p["Id"],
                            "NetDevFuncType": "FibreChannel" if p["tech"] == "FibreChannel" else "Ethernet",
                            "Links": {assign: ref(path), "Oem": {"Dell": {"@odata.type": "#DellOem.v1_3_0.DellOemLinks",
                                                                          "CPUAffinity": [cpu_ref(p.get("cpu", cpu))]}}},
                            "Oem": {"Dell": dell}})


def r760(root):
    skeleton(root, "PowerEdge R760", [{"Model": "Intel(R) Xeon(R) Gold 6430", "Cores": 32}] * 2, True)
    sensors(root, {"SystemBoardCPUUsage": 37, "SystemBoardIOUsage": 12, "SystemBoardMEMUsage": 25, "SystemBoardSYSUsage": 41})
    slots = {3: {"Lanes": 16, "PCIeType": "Gen4", "SlotType": "FullLength", "cpu": 1},
             4: {"Lanes": 8, "PCIeType": "Gen4", "SlotType": "HalfLength", "cpu": 1},
             5: {"Lanes": 8, "PCIeType": "Gen4", "SlotType": "HalfLength", "cpu": 2}}
    pcie(root, [
        {"Id": "59-0", "Name": "PERC H965i Adapter", "Manufacturer": "Broadcom / LSI", "slot": 3, "cpu": 1,
         "iface": ("Gen4", 8, "Gen4", 16)},
        {"Id": "75-0", "Name": "Emulex LPe35002-M2-D 2-Port 32Gb Fibre Channel Adapter", "Manufacturer": "Emulex Corporation",
         "slot": 4, "cpu": 1, "iface": ("Gen4", 8, "Gen4", 8)},
        {"Id": "202-0", "Name": "Emulex LPe35002-M2-D 2-Port 32Gb Fibre Channel Adapter", "Manufacturer": "Emulex Corporation",
         "slot": 5, "cpu": 2, "iface": ("Gen4", 8, "Gen4", 8)},
        {"Id": "4-0", "Name": "Broadcom BCM57414 LOM", "Manufacturer": "Broadcom Inc. and subsidiaries", "cpu": 1},
    ], slots, device_slot_property=False)
    collection(root, CH + "/NetworkAdapters", "NetworkAdapterCollection",
               [CH + "/NetworkAdapters/" + a for a in ("FC.Slot.4", "FC.Slot.5", "NIC.Embedded.1")])
    for aid, cpu in (("FC.Slot.4", 1), ("FC.Slot.5", 2)):
        adapter(root, aid, "Emulex LPe35002-M2-D", cpu, [
            {"Id": aid + "-%d" % i, "tech": "FibreChannel", "gbps": 32, "metrics": fc_metrics(aid + "-%d" % i, 1000, 2000, 10)}
            for i in (1, 2)], new_schema=False)
    adapter(root, "NIC.Embedded.1", "Broadcom BCM57414", 1,
            [{"Id": "NIC.Embedded.1-1", "tech": "Ethernet", "gbps": 25, "metrics": nic_metrics("NIC.Embedded.1-1-1", 5000, 6000, 10, 0)}],
            new_schema=False)


def r750(root):
    skeleton(root, "PowerEdge R750", [{"Model": "Intel(R) Xeon(R) Gold 6354", "Cores": 18, "Metrics": 62},
                                      {"Model": "Intel(R) Xeon(R) Gold 6354", "Cores": 18, "Metrics": 48}], False)
    sensors(root, {"SystemBoardCPUUsage": 91, "SystemBoardIOUsage": 55, "SystemBoardMEMUsage": None, "SystemBoardSYSUsage": 80})
    slots = {1: {"Lanes": 16, "PCIeType": "Gen4", "SlotType": "FullLength", "cpu": 1},
             2: {"Lanes": 16, "PCIeType": "Gen4", "SlotType": "FullLength", "cpu": 2},
             3: {"Lanes": 16, "PCIeType": "Gen4", "SlotType": "FullLength", "cpu": 2}}
    pcie(root, [
        {"Id": "49-0", "Name": "Mellanox ConnectX-6 Dx Dual Port 100 GbE QSFP56 Network Adapter", "Manufacturer": "Mellanox Technologies",
         "slot": 1, "cpu": 1, "iface": ("Gen4", 16, "Gen4", 16)},
        {"Id": "152-0", "Name": "Mellanox ConnectX-6 Dx Dual Port 100 GbE QSFP56 Network Adapter", "Manufacturer": "Mellanox Technologies",
         "slot": 2, "cpu": 2, "iface": ("Gen3", 16, "Gen4", 16)},
        {"Id": "177-0", "Name": "Mellanox ConnectX-6 Single Port HDR InfiniBand Adapter", "Manufacturer": "Mellanox Technologies",
         "slot": 3, "cpu": 2, "iface": ("Gen4", 16, "Gen4", 16)},
    ], slots, device_slot_property=True)
    collection(root, CH + "/NetworkAdapters", "NetworkAdapterCollection",
               [CH + "/NetworkAdapters/" + a for a in ("NIC.Slot.1", "NIC.Slot.2", "InfiniBand.Slot.3")])
    for aid, cpu, dev in (("NIC.Slot.1", 1, None), ("NIC.Slot.2", 2, "152-0")):
        adapter(root, aid, "Mellanox ConnectX-6 Dx", cpu, [
            {"Id": aid + "-%d" % i, "tech": "Ethernet", "gbps": 100, "metrics": nic_metrics(aid + "-%d-1" % i, 10000, 20000, 100, 0)}
            for i in (1, 2)], new_schema=True, pcie_device=dev)
    adapter(root, "InfiniBand.Slot.3", "Mellanox ConnectX-6 VPI", 2, [
        {"Id": "InfiniBand.Slot.3-1", "tech": "InfiniBand", "gbps": 200, "width": 4, "metrics": None,
         "pm": {"RXBytes": 4096, "TXBytes": 8192, "RXErrors": 0, "TXErrors": 0,
                "Networking": {"RXFrames": 4, "TXFrames": 8, "RXDiscards": 0, "TXDiscards": 0}}}],
        new_schema=True)


for name, fn in (("r760-client", r760), ("r750-storage", r750)):
    root = os.path.join(HERE, name, "input")
    shutil.rmtree(root, ignore_errors=True)
    fn(root)

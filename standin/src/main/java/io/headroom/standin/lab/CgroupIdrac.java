package io.headroom.standin.lab;

import io.headroom.standin.StandinReply;
import io.headroom.standin.StandinServer;
import java.util.Map;
import java.util.function.Supplier;

/**
 * An iDRAC9-shaped BMC of the lab's array node, whose system-board CPU usage sensor is computed
 * live from a cgroup's CPU time (see docs/standins/lab-idrac.md). It serves, at the resource
 * paths the Redfish source reads on iDRAC9 4.x and later: the service root (Vendor Dell), the
 * session service (sessions by POST of UserName and Password, X-Auth-Token), one system
 * (a PowerEdge R6525 with one AMD EPYC socket: on AMD platforms iDRAC reports CPU usage only,
 * which is also all this BMC knows), its chassis with the DMTF Sensors collection, and
 * {@code Sensors/SystemBoardCPUUsage} (ReadingType Percent, ReadingUnits "%", Reading a whole
 * percent) whose Reading is the cgroup's share of its CPU quota over the sampler's last window.
 * It serves no PCIe devices, network adapters or telemetry service: the lab's array port is read
 * by other means (the declared source, or SNMP).
 */
public final class CgroupIdrac {
  static final String ROOT = "/redfish/v1";
  static final String SYSTEM = ROOT + "/Systems/System.Embedded.1";
  static final String CHASSIS = ROOT + "/Chassis/System.Embedded.1";
  static final String CPU_SENSOR = CHASSIS + "/Sensors/SystemBoardCPUUsage";
  static final String SESSIONS = ROOT + "/SessionService/Sessions";

  private CgroupIdrac() {}

  /**
   * Puts the BMC on {@code server}: every resource needs the session (or HTTP Basic, as iDRAC
   * accepts it too) of {@code username} and {@code password}.
   *
   * @param cpuShare the node's CPU share (0..1) the sensor reads at each request, or null for none
   */
  public static void serve(StandinServer server, Supplier<Double> cpuShare, String username, String password) {
    server.requireSession(username, password, "X-Auth-Token", SESSIONS, true);
    Map.of(
        ROOT, SERVICE_ROOT,
        ROOT + "/SessionService", SESSION_SERVICE,
        ROOT + "/Systems", collection("ComputerSystemCollection", ROOT + "/Systems", SYSTEM),
        SYSTEM, COMPUTER_SYSTEM,
        SYSTEM + "/Processors", collection("ProcessorCollection", SYSTEM + "/Processors", SYSTEM + "/Processors/CPU.Socket.1"),
        SYSTEM + "/Processors/CPU.Socket.1", PROCESSOR,
        ROOT + "/Chassis", collection("ChassisCollection", ROOT + "/Chassis", CHASSIS),
        CHASSIS, CHASSIS_DOC,
        CHASSIS + "/Sensors", collection("SensorCollection", CHASSIS + "/Sensors", CPU_SENSOR))
        .forEach((path, doc) -> server.handle(path, r -> StandinReply.json(doc)));
    server.handle(CPU_SENSOR, r -> StandinReply.json(cpuSensor(cpuShare.get())));
  }

  /**
   * Dell's sensor document for a share of 0..1 as a whole percent, or, with no reading yet (the
   * first window) or a failed one, a null Reading with the sensor's state Unknown, as iDRAC
   * reports a sensor it cannot read.
   */
  static String cpuSensor(Double share) {
    String reading = share == null ? "null" : Long.toString(Math.round(share * 100));
    String state = share == null ? "Unknown" : "Normal";
    return """
        {"@odata.type": "#Sensor.v1_7_0.Sensor", "@odata.id": "%s",
         "Id": "SystemBoardCPUUsage", "Name": "System Board CPU Usage",
         "ReadingType": "Percent", "ReadingUnits": "%%", "Reading": %s, "PhysicalContext": "SystemBoard",
         "Status": {"State": "Enabled", "Health": "OK"},
         "Oem": {"Dell": {"@odata.type": "#DellOemSensor.v1_0_0.DellOemSensor", "CurrentState": "%s",
                          "DeviceID": "iDRAC.Embedded.1#SystemBoardCPUUsage"}}}
        """.formatted(CPU_SENSOR, reading, state);
  }

  private static String collection(String type, String self, String member) {
    return """
        {"@odata.type": "#%s.%s", "@odata.id": "%s", "Name": "%s",
         "Members": [{"@odata.id": "%s"}], "Members@odata.count": 1}
        """.formatted(type, type, self, type, member);
  }

  private static final String SERVICE_ROOT = """
      {"@odata.type": "#ServiceRoot.v1_16_0.ServiceRoot", "@odata.id": "/redfish/v1", "Id": "RootService",
       "Name": "Root Service", "Product": "Integrated Dell Remote Access Controller", "Vendor": "Dell",
       "RedfishVersion": "1.18.0",
       "Systems": {"@odata.id": "/redfish/v1/Systems"}, "Chassis": {"@odata.id": "/redfish/v1/Chassis"},
       "SessionService": {"@odata.id": "/redfish/v1/SessionService"},
       "Links": {"Sessions": {"@odata.id": "/redfish/v1/SessionService/Sessions"}}}
      """;

  private static final String SESSION_SERVICE = """
      {"@odata.type": "#SessionService.v1_1_8.SessionService", "@odata.id": "/redfish/v1/SessionService",
       "Id": "SessionService", "ServiceEnabled": true, "SessionTimeout": 1800,
       "Sessions": {"@odata.id": "/redfish/v1/SessionService/Sessions"}}
      """;

  private static final String COMPUTER_SYSTEM = """
      {"@odata.type": "#ComputerSystem.v1_20_1.ComputerSystem", "@odata.id": "/redfish/v1/Systems/System.Embedded.1",
       "Id": "System.Embedded.1", "Manufacturer": "Dell Inc.", "Model": "PowerEdge R6525", "BiosVersion": "2.14.1",
       "ProcessorSummary": {"Count": 1, "Model": "AMD EPYC 7313P 16-Core Processor"},
       "Processors": {"@odata.id": "/redfish/v1/Systems/System.Embedded.1/Processors"},
       "Links": {"Chassis": [{"@odata.id": "/redfish/v1/Chassis/System.Embedded.1"}]}}
      """;

  private static final String PROCESSOR = """
      {"@odata.type": "#Processor.v1_18_0.Processor",
       "@odata.id": "/redfish/v1/Systems/System.Embedded.1/Processors/CPU.Socket.1",
       "Id": "CPU.Socket.1", "Socket": "CPU.Socket.1", "ProcessorType": "CPU",
       "Model": "AMD EPYC 7313P 16-Core Processor", "TotalCores": 16, "TotalThreads": 32,
       "Status": {"State": "Enabled", "Health": "OK"}}
      """;

  private static final String CHASSIS_DOC = """
      {"@odata.type": "#Chassis.v1_23_0.Chassis", "@odata.id": "/redfish/v1/Chassis/System.Embedded.1",
       "Id": "System.Embedded.1", "ChassisType": "RackMount", "Model": "PowerEdge R6525",
       "Sensors": {"@odata.id": "/redfish/v1/Chassis/System.Embedded.1/Sensors"},
       "Links": {"ComputerSystems": [{"@odata.id": "/redfish/v1/Systems/System.Embedded.1"}]}}
      """;
}

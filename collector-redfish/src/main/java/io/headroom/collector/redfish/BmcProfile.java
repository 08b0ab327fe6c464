package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What one family of BMC firmware does differently, declared as data with the captures that prove
 * it: where its ports live, what units its counters use, its quirks. The readers follow the DMTF
 * schema and the service's own links everywhere; where a family needs more, they consult its
 * profile here, never a vendor's name. A new vendor is one profile, one capture, one golden case;
 * docs/devices.md's table of profiles is checked against this list ({@code BmcProfileDocsTest}).
 *
 * @param family the firmware family, as docs/devices.md names it
 * @param vendors the service root's {@code Vendor} values it is matched by (case-insensitive)
 * @param oemKey the service root's {@code Oem} key it is matched by where Vendor is absent, or null
 * @param sensors where its platform usage sensors are and how they are read beyond the DMTF Sensor
 * @param oem where its OEM extension keeps what the DMTF schema lacks (Dell: the functions' port
 *     metrics, their FQDDs, the CPU affinity of devices), or {@link Oem#NONE}
 * @param mirrorSystems Systems member Ids that are another management controller's view of the
 *     first system, not hosts of their own
 * @param systemPorts the system's collection whose members are its ports where no chassis lists a
 *     network adapter ("EthernetInterfaces"), or null
 * @param portsLive where its ports are found
 * @param counterUnits the units of its port counters
 * @param quirks what else it does differently, each with its proof
 * @param sessionLimit the Redfish MessageIds, as registry prefix and message key without the
 *     registry's version ("IDRAC.RAC0218" for "IDRAC.2.9.RAC0218"), by which its error bodies say
 *     no session slot is free; matched against every profile's, since the login comes before the
 *     service root names the vendor (a MessageId names its own registry, so no vendor's key can be
 *     mistaken for another's)
 * @param proof the golden cases (collector-redfish/src/test/resources/golden/redfish/) of its captures
 */
public record BmcProfile(String family, List<String> vendors, String oemKey, Sensors sensors, Oem oem, List<String> mirrorSystems,
    String systemPorts, String portsLive, String counterUnits, List<String> quirks, List<String> sessionLimit, List<String> proof) {

  /**
   * Where the platform usage sensors are and how their documents are read: a sensor's reading is
   * the first of {@code readings} the document has (a null there is no reading, whatever follows);
   * its state is the first of {@code states} it has, "Unknown" meaning the reading is not one.
   *
   * @param underSystem where, under the system's path, the usage sensors are when the chassis
   *     Sensors collection lacks them (older iDRAC firmware), or null
   * @param readings JSON pointers to the reading
   * @param states JSON pointers to a state beside the DMTF {@code Status.State}
   * @param percentUnits the {@code ReadingUnits} values that mean percent (case-insensitive)
   * @param perCore the form of the Ids of per-core utilisation sensors in the Sensors of chassis
   *     that link a processor, read where no platform CPU usage sensor is (their mean is the
   *     server's), or null
   * @param noReading the values a reading takes when the sensor has none (a sentinel, never a value)
   */
  public record Sensors(String underSystem, List<String> readings, List<String> states, List<String> percentUnits,
      Pattern perCore, List<Double> noReading) {
    /**
     * The DMTF Sensor: Reading, ReadingUnits "%" (UCUM, as the schema asks) or "Percent" (the
     * schema's ReadingType name for it), no state besides Status.
     */
    public static final Sensors DMTF = new Sensors(null, List.of("/Reading"), List.of(), List.of("%", "Percent"), null, List.of());
  }

  /** How a port's counter documents are decoded. */
  public enum CounterFormat {
    /** DMTF PortMetrics: RXBytes, TXBytes, RXErrors, TXErrors and the Networking frames, discards, pause frames. */
    PORT_METRICS,
    /**
     * Dell's DellNICPortMetrics (bytes), DellFCPortMetrics (kilobytes) and DellInfiniBandPortMetrics
     * (IBTA data counters in 4-octet words), each told by its own properties; NPAR partitions summed.
     */
    DELL_PORT_METRICS
  }

  /**
   * An OEM extension's objects the readers use: under {@code Oem.<key>} of a network device
   * function, the links to its port metrics (the first present is read, decoded as
   * {@code functionPortMetricsFormat}) and the objects whose FQDD names it; the one holding an
   * InfiniBand link's rate; under {@code Links.Oem.<key>} of a function or device,
   * {@code CPUAffinity}.
   *
   * @param uniquePortIds the form of port Ids the vendor defines as unique in the server (a port of
   *     this form is named without its adapter), or null
   * @param adapterSlot the form of an adapter Id naming its PCIe slot (group 1 the slot number),
   *     followed where the controller links no PCIeDevice, or null
   */
  public record Oem(String key, List<String> functionPortMetrics, CounterFormat functionPortMetricsFormat,
      List<String> functionObjects, String infiniBandRate, Pattern uniquePortIds, Pattern adapterSlot) {
    public static final Oem NONE = new Oem(null, List.of(), CounterFormat.PORT_METRICS, List.of(), null, null, null);

    /** The node's {@code Oem.<key>} object (missing when the profile has none). */
    JsonNode of(JsonNode node) {
      return key == null ? com.fasterxml.jackson.databind.node.MissingNode.getInstance() : node.path("Oem").path(key);
    }

    /** The PCIe slot the adapter's Id names, or null. */
    Integer adapterSlot(String adapterId) {
      java.util.regex.Matcher m = adapterSlot == null ? null : adapterSlot.matcher(adapterId);
      // a slot number past an int names no slot (found by RedfishTreeFuzzTest: NIC.Slot.N's N)
      return m != null && m.find() ? Json.digits(m.group(1)) : null;
    }

    /** Whether a port of this Id is unique in the server by the vendor's definition. */
    boolean uniqueInServer(String portId) {
      return uniquePortIds != null && uniquePortIds.matcher(portId).matches();
    }
  }

  /** A Dell FQDD ("NIC.Slot.5-1", "InfiniBand.Slot.7-2"): unique in the server by Dell's definition. */
  static final Pattern DELL_FQDD = Pattern.compile("^[A-Za-z]+\\.[A-Za-z]+\\.\\d+(-\\d+)+$");

  /**
   * A Dell adapter FQDD naming its slot ("NIC.Slot.5", "InfiniBand.Slot.7"): the adapters of
   * r750-idrac6 and r750-capture, whose controllers link no PCIeDevice.
   */
  static final Pattern DELL_SLOT = Pattern.compile("\\.Slot\\.(\\d+)$");

  static final Oem DELL_OEM = new Oem("Dell", List.of("DellNICPortMetrics", "DellFCPortMetrics", "DellInfiniBandPortMetrics"),
      CounterFormat.DELL_PORT_METRICS, List.of("DellNIC", "DellFC", "DellInfiniBand"), "DellInfiniBandPortMetrics", DELL_FQDD,
      DELL_SLOT);

  /** Dell's numeric sensors, where iDRAC9 firmware before 4.x keeps the usage sensors. */
  static final String DELL_NUMERIC = "/Oem/Dell/DellNumericSensors/iDRAC.Embedded.1_0x23_";

  /**
   * iDRAC9's usage sensors: the DMTF Sensor with its state under Oem.Dell (r750-capture,
   * r750-idrac6), else the DellNumericSensor (CurrentReading, CurrentState, ReadingUnits
   * "Percentage": r750-capture's Systems/System.Embedded.1/Oem/Dell/DellNumericSensors). A reading
   * of -2147483648 (the most negative 32-bit integer) is iDRAC's "no reading": neither capture
   * shows one (their idle sensors read 0.0 or null), so it is held by the stand-in test
   * {@code RedfishScrapeTest.noReadingSentinelUnknownStateAndNullAreAbsentNeverZero}.
   */
  static final Sensors DELL_SENSORS = new Sensors(DELL_NUMERIC, List.of("/Reading", "/CurrentReading"),
      List.of("/Oem/Dell/CurrentState", "/CurrentState"), List.of("%", "Percent", "Percentage"), null,
      List.of(-2147483648d));

  /** NVIDIA OpenBMC's per-core sensors, {@code ..._CoreUtil_<k>} (gh200, nvidia-gb200-compute-tray). */
  static final Sensors NVIDIA_SENSORS = new Sensors(null, Sensors.DMTF.readings(), List.of(), Sensors.DMTF.percentUnits(),
      Pattern.compile("CoreUtil_\\d+$"), List.of());

  /** The profiles, first match wins; the last matches every service (DMTF schema only). */
  public static final List<BmcProfile> ALL = List.of(
      new BmcProfile("Dell iDRAC9", List.of("Dell"), "Dell", DELL_SENSORS, DELL_OEM, List.of(), null,
          "Chassis/System.Embedded.1/NetworkAdapters: NetworkPorts (6.00.30) or Ports (7.x), and the controllers' Links",
          "Oem.Dell port metrics of the functions: bytes; InfiniBand data in 4-byte words",
          List.of("InfiniBand functions assigned to NetworkPorts/InfiniBand.Slot.7, which answers 404: matched by FQDD (r750-idrac6)",
              "PCIeSlots link /Systems/... device paths: matched by Id (r750-idrac6)",
              "usage sensors under Oem/Dell/DellNumericSensors where the chassis Sensors lack them (firmware before 4.x)"),
          // RAC0218, "The maximum number of user sessions is reached.": r750-idrac6's capture
          // (shared/fixtures/redfish/dell-r750-idrac9-6.00.30), Registries/Messages/EEMIRegistry, RegistryPrefix IDRAC
          List.of("IDRAC.RAC0218"),
          List.of("r750-idrac6", "r750-capture")),
      new BmcProfile("Lenovo XClarity Controller", List.of("Lenovo"), null, Sensors.DMTF, Oem.NONE, List.of(), null,
          "Chassis/1/NetworkAdapters: Ports and NetworkPorts both list the same ports (read once)",
          "no port counters", List.of("Systems/1.PCIeDevices is an array of links, not a collection"), List.of(),
          List.of("lenovo-sr670v2")),
      new BmcProfile("HPE iLO 5", List.of("HPE"), "Hpe", Sensors.DMTF, Oem.NONE, List.of(), "EthernetInterfaces",
          "Chassis/1/NetworkAdapters: NetworkPorts with ActiveLinkTechnology (InfiniBand adapters), Ports (Ethernet); "
              + "where that collection is empty (2.46, 2.70), Systems/1/EthernetInterfaces",
          "no port counters", List.of("PCIeDevices without PCIeInterface: no trained width",
              "Chassis/1/NetworkAdapters empty, the host's interfaces only under Systems/1/EthernetInterfaces (hpe-dl325g10p-ilo5-2.46, "
                  + "hpe-xl675d-g10p-a100-ilo5-2.70)",
              "an adapter's NetworkPorts Members written with a trailing slash, its controllers' Links without: one port (hpe-xl675d-g10p-a40-ilo5-2.55)"),
          List.of(), List.of("hpe-dl385g10pv2-ilo5-2.72", "hpe-dl325g10p-ilo5-2.46", "hpe-xl675d-g10p-a100-ilo5-2.70",
              "hpe-xl675d-g10p-a40-ilo5-2.55")),
      new BmcProfile("Supermicro BMC", List.of("Supermicro"), "Supermicro", Sensors.DMTF, Oem.NONE, List.of(), null,
          "Chassis/1/NetworkAdapters: Ports and NetworkPorts, no speeds", "no port counters",
          List.of("ConnectX-7 adapters' ports say Ethernet (PortProtocol and NetDevFuncType agree)",
              "the NVIDIA HGX baseboard served as Systems/HGX_Baseboard_0 (GPUs and an FPGA, no CPU): not a host"),
          List.of(), List.of("supermicro-sys821ge-tnhr", "supermicro-sys-a21ge-hgx-b200")),
      new BmcProfile("AMI MegaRAC", List.of("AMI"), "Ami", Sensors.DMTF, Oem.NONE, List.of(), "EthernetInterfaces",
          "Chassis/DGX/NetworkAdapters: Ports; InfiniBand said by PortProtocol and NetDevFuncType, not LinkNetworkTechnology (DGX H100); "
              + "where NetworkAdapters is empty (Gigabyte H262-Z63, 12.84.13), Systems/Self/EthernetInterfaces",
          "no port counters",
          List.of("Systems/HGX_Baseboard_0 holds the GPUs: not a host",
              "PCIeDevices paged with $skip: the mockup serves one page for every skip (the loop is reported)",
              "NetworkAdapters empty, the NIC a PCIeDevice whose PCIeFunction links an EthernetInterface (gigabyte-h262-ami-12.84.13)"),
          List.of(), List.of("nvidia-dgx-h100-ami", "gigabyte-h262-ami-12.84.13")),
      new BmcProfile("NVIDIA OpenBMC", List.of("NVIDIA", "Nvidia"), null, NVIDIA_SENSORS, Oem.NONE,
          // the HGX management controller's view of the node: GB200's lists System_0's Graces by serial number
          List.of("HGX_Baseboard_0"), null,
          "adapters under chassis other than the system's (GB200: IO_Board_0/1, Riser_Slot1/2); BlueField-3 BMC: one adapter under two chassis",
          "PortMetrics where linked", List.of("error bodies served with 200 read as absent",
              "host utilisation from per-core CoreUtil sensors", "GPU PCIe links under Chassis/HGX_GPU_*"),
          List.of(), List.of("gh200", "nvidia-gb200-compute-tray", "bluefield3-bmc", "nvlink-switch-tray")),
      new BmcProfile("DMTF schema only", List.of(), null, Sensors.DMTF, Oem.NONE, List.of(), null, "the system's chassis NetworkAdapters, else other chassis'",
          "DMTF PortMetrics", List.of(),
          // the DMTF Base registry's key (Base.1.12.0 to 1.15.0 in the Dell, Lenovo and NVIDIA captures'
          // Registries, shared/fixtures/redfish): every service that uses the Base registry
          List.of("Base.SessionLimitExceeded"), List.of("dmtf-rackmount1-absent-cpu", "dmtf-bladed-four-systems",
          "intel-s2600bpb-1.93")));

  /** The profile of the service whose root document this is. */
  static BmcProfile of(JsonNode root) {
    String vendor = Json.text(root.get("Vendor"));
    for (BmcProfile p : ALL) {
      if (vendor != null && p.vendors.stream().anyMatch(v -> v.toLowerCase(Locale.ROOT).equals(vendor.toLowerCase(Locale.ROOT)))) {
        return p;
      }
      if (p.oemKey != null && root.path("Oem").has(p.oemKey)) {
        return p;
      }
    }
    return ANY;
  }

  /**
   * The profile whose {@link #sessionLimit} names this MessageId ("IDRAC.2.9.RAC0218",
   * "Base.1.4.0.SessionLimitExceeded": its registry prefix and its key, the version between them
   * whatever the firmware writes), or null.
   */
  static BmcProfile ofSessionLimit(String messageId) {
    int first = messageId.indexOf('.');
    int last = messageId.lastIndexOf('.');
    if (first < 0 || last == first) {
      return null;
    }
    String key = messageId.substring(0, first) + "." + messageId.substring(last + 1);
    return ALL.stream().filter(p -> p.sessionLimit.contains(key)).findFirst().orElse(null);
  }

  /** The profile of a service that matches no other: the DMTF schema only. */
  static final BmcProfile ANY = ALL.get(ALL.size() - 1);
}

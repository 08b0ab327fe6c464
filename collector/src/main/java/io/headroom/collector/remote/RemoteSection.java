package io.headroom.collector.remote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.headroom.config.ConfigException;
import io.headroom.config.SettingsBinder;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A remote source's testbed section written flat, as arrays' sections are ({@code url},
 * {@code username}, {@code password_env}, {@code tls} beside the source's own keys): the
 * {@link RemoteEndpoint} keys are bound onto the endpoint, the rest onto the source's own record,
 * and every problem of both is reported at once, each by its key.
 *
 * @param endpoint with its paths (password_file, tls.ca_file) absolute, resolved against the base dir
 * @param own the source's own settings
 */
public record RemoteSection<R extends Record>(RemoteEndpoint endpoint, R own) {
  /** The snake_case keys of {@link RemoteEndpoint}. */
  public static final Set<String> ENDPOINT_KEYS = endpointKeys();

  /**
   * @param where names the section in the message, e.g. "powerstore source of ps1"
   * @throws ConfigException naming every problem of either part
   */
  public static <R extends Record> RemoteSection<R> bind(JsonNode section, Class<R> ownType, Path baseDir, String where)
      throws ConfigException {
    ObjectNode endpointPart = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
    ObjectNode ownPart = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
    if (section != null && section.isObject()) {
      for (Iterator<String> it = section.fieldNames(); it.hasNext(); ) {
        String key = it.next();
        (ENDPOINT_KEYS.contains(key) ? endpointPart : ownPart).set(key, section.get(key));
      }
    }
    List<String> problems = new ArrayList<>();
    // Absolute, so the paths bound here (password_file, tls.ca_file) stay the same file whoever
    // resolves them again against the testbed's directory.
    Path base = baseDir.toAbsolutePath();
    RemoteEndpoint endpoint = part(problems, () -> SettingsBinder.bind(endpointPart, RemoteEndpoint.class, base, where));
    R own = part(problems, () -> SettingsBinder.bind(ownPart, ownType, base, where));
    if (!problems.isEmpty()) {
      throw new ConfigException(where + ": " + String.join("; ", problems));
    }
    return new RemoteSection<>(endpoint, own);
  }

  /**
   * The login this section names, for a device that answers nothing without one: the three array
   * sources refuse to start without it rather than fail every scrape.
   *
   * @param needs what to set, e.g. "username with password_env or password_file: ONTAP needs a login"
   * @throws ConfigException "where: needs" when no password is given; or the password file's problem
   */
  public Credentials requireLogin(Path baseDir, String where, String needs) throws ConfigException {
    Credentials credentials = Credentials.resolve(endpoint, baseDir);
    if (credentials.password() == null) {
      throw new ConfigException(where + ": " + needs);
    }
    return credentials;
  }

  private interface Binding<T> {
    T bind() throws ConfigException;
  }

  /** The bound part, or null with its problems (without the repeated "where: ") added. */
  private static <T> T part(List<String> problems, Binding<T> binding) {
    try {
      return binding.bind();
    } catch (ConfigException e) {
      String m = e.getMessage();
      int colon = m.indexOf(": ");
      problems.add(colon < 0 ? m : m.substring(colon + 2));
      return null;
    }
  }

  private static Set<String> endpointKeys() {
    Set<String> keys = new TreeSet<>();
    for (RecordComponent c : RemoteEndpoint.class.getRecordComponents()) {
      keys.add(SettingsBinder.snake(c.getName()));
    }
    return Set.copyOf(keys);
  }
}

package io.headroom.config;

/** A testbed file that cannot be used; the message names the file and the key. */
public class ConfigException extends Exception {
  public ConfigException(String message) {
    super(message);
  }
}

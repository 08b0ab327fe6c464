package io.headroom.analyzer.store;

/**
 * A consumed record set aside instead of stored: where it was in Kafka, why it was refused, and
 * its bytes as they came, so an operator can inspect it, fix the producer and replay it by hand.
 *
 * @param reason {@code undecodable} (the analyzer could not read it), {@code out_of_domain} (a
 *     sample batch's points outside their metric's domain, set aside while the batch's other
 *     points are stored) or {@code refused} (the database refused its content)
 * @param sqlState the database's SQLSTATE for a refused record, else null
 */
public record DeadLetter(String topic, int partition, long offset, String reason, String sqlState, String message,
    byte[] payload) {
  public static final String UNDECODABLE = "undecodable";
  public static final String REFUSED = "refused";
  public static final String OUT_OF_DOMAIN = "out_of_domain";

  public String where() {
    return topic + "-" + partition + "@" + offset;
  }
}

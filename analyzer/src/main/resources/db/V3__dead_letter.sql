-- Records the analyzer consumed but could not store: undecodable ones and ones the database
-- refused for their content (SQLSTATE classes 22, 23, 54). Keyed by their Kafka position, so a
-- record redelivered after a crash is set aside once.
CREATE TABLE IF NOT EXISTS dead_letter (
  topic           text NOT NULL,
  kafka_partition integer NOT NULL,
  kafka_offset    bigint NOT NULL,
  reason          text NOT NULL,
  sqlstate        text,
  message         text NOT NULL,
  payload         bytea,
  set_aside_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (topic, kafka_partition, kafka_offset)
);

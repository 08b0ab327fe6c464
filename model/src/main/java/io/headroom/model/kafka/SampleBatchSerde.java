package io.headroom.model.kafka;

import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;

/** Kafka serializer and deserializer for the samples topic. */
public final class SampleBatchSerde {
  private SampleBatchSerde() {}

  public static final class Ser implements Serializer<SampleBatch> {
    @Override
    public byte[] serialize(String topic, SampleBatch data) {
      return data == null ? null : SampleBatchCodec.encode(data);
    }
  }

  public static final class De implements Deserializer<SampleBatch> {
    @Override
    public SampleBatch deserialize(String topic, byte[] data) {
      return data == null ? null : SampleBatchCodec.decode(data);
    }
  }
}

import protobuf from 'protobufjs';
import snappy from 'snappyjs';
import type { PrometheusSeries } from './prometheus-series.ts';

/*
 * A Prometheus remote-write request body (protocol 0.1.0): a prompb.WriteRequest in protobuf, snappy block-compressed.
 * The messages as remote.proto and types.proto declare them (only the fields written here), encoded by protobufjs.
 */

const prompb = protobuf.Root.fromJSON({
  nested: {
    WriteRequest: { fields: { timeseries: { rule: 'repeated', type: 'TimeSeries', id: 1 } } },
    TimeSeries: {
      fields: {
        labels: { rule: 'repeated', type: 'Label', id: 1 },
        samples: { rule: 'repeated', type: 'Sample', id: 2 },
      },
    },
    Label: { fields: { name: { type: 'string', id: 1 }, value: { type: 'string', id: 2 } } },
    Sample: { fields: { value: { type: 'double', id: 1 }, timestamp: { type: 'int64', id: 2 } } },
  },
});
export const writeRequestType = prompb.lookupType('WriteRequest');

/** The headers remote write asks of a sender. */
export const remoteWriteHeaders = {
  'Content-Encoding': 'snappy',
  'Content-Type': 'application/x-protobuf',
  'X-Prometheus-Remote-Write-Version': '0.1.0',
} as const;

/** The request body for these series. */
export function remoteWriteBody(series: readonly PrometheusSeries[]): Buffer {
  const message = writeRequestType.fromObject({
    timeseries: series.map(({ labels, samples }) => ({
      labels: labels.map(([name, value]) => ({ name, value })),
      samples,
    })),
  });
  return Buffer.from(snappy.compress(writeRequestType.encode(message).finish()));
}

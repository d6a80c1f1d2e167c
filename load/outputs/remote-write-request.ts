import { BinaryReader, BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import snappy from 'snappyjs';
import type { PrometheusSample, PrometheusSeries } from './prometheus-series.ts';

/*
 * A Prometheus remote-write request body (protocol 0.1.0): a prompb.WriteRequest in protobuf, snappy block-compressed.
 * The messages as remote.proto and types.proto declare them (only the fields written here), written field by field
 * with @bufbuild/protobuf's wire format (a package with no install script, unlike protobufjs):
 *   WriteRequest { repeated TimeSeries timeseries = 1; }
 *   TimeSeries   { repeated Label labels = 1; repeated Sample samples = 2; }
 *   Label        { string name = 1; string value = 2; }
 *   Sample       { double value = 1; int64 timestamp = 2; }
 */

/** The headers remote write asks of a sender. */
export const remoteWriteHeaders = {
  'Content-Encoding': 'snappy',
  'Content-Type': 'application/x-protobuf',
  'X-Prometheus-Remote-Write-Version': '0.1.0',
} as const;

/** A WriteRequest in protobuf, before compression. */
export function writeRequestBytes(series: readonly PrometheusSeries[]): Uint8Array {
  const writer = new BinaryWriter();
  for (const { labels, samples } of series) {
    writer.tag(1, WireType.LengthDelimited).fork();
    for (const [name, value] of labels)
      writer
        .tag(1, WireType.LengthDelimited)
        .fork()
        .tag(1, WireType.LengthDelimited)
        .string(name)
        .tag(2, WireType.LengthDelimited)
        .string(value)
        .join();
    for (const { value, timestamp } of samples)
      writer
        .tag(2, WireType.LengthDelimited)
        .fork()
        .tag(1, WireType.Bit64)
        .double(value)
        .tag(2, WireType.Varint)
        .int64(timestamp)
        .join();
    writer.join();
  }
  return writer.finish();
}

/** The request body for these series. */
export function remoteWriteBody(series: readonly PrometheusSeries[]): Buffer {
  return Buffer.from(snappy.compress(writeRequestBytes(series)));
}

/** The series a WriteRequest holds (what a receiver reads back; for tests and the bench). */
export function readWriteRequest(bytes: Uint8Array): PrometheusSeries[] {
  const series: PrometheusSeries[] = [];
  const request = new BinaryReader(bytes);
  readFields(request, (field) => {
    if (field !== 1) return false;
    const timeSeries = new BinaryReader(request.bytes());
    const labels: [string, string][] = [];
    const samples: PrometheusSample[] = [];
    readFields(timeSeries, (part) => {
      if (part === 1) labels.push(readLabel(new BinaryReader(timeSeries.bytes())));
      else if (part === 2) samples.push(readSample(new BinaryReader(timeSeries.bytes())));
      else return false;
      return true;
    });
    series.push({ labels, samples });
    return true;
  });
  return series;
}

/** Reads a message's fields in turn, each by its field number; fields not read are skipped. */
function readFields(reader: BinaryReader, read: (field: number) => boolean): void {
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (!read(field)) reader.skip(wireType);
  }
}

function readLabel(reader: BinaryReader): [string, string] {
  const label: [string, string] = ['', ''];
  readFields(reader, (field) => {
    if (field !== 1 && field !== 2) return false;
    label[field - 1] = reader.string();
    return true;
  });
  return label;
}

function readSample(reader: BinaryReader): PrometheusSample {
  const sample = { value: 0, timestamp: 0 };
  readFields(reader, (field) => {
    if (field === 1) sample.value = reader.double();
    else if (field === 2) sample.timestamp = Number(reader.int64());
    else return false;
    return true;
  });
  return sample;
}

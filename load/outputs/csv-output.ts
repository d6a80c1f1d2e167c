import type { K6Sample } from './k6-samples.ts';
import { SampleFileOutput, type SampleLineFormat } from './sample-file-output.ts';

/*
 * `--out csv=FILE`: k6's CSV columns, one row a sample: the metric, the Unix second, the value with six decimals,
 * k6's tag columns (those the harness has: status, expected_response), and every other tag in extra_tags as
 * `name=value&name=value` (run_id, target, family, operation, segment).
 */

export const k6CsvColumns = [
  'metric_name',
  'timestamp',
  'metric_value',
  'check',
  'error',
  'error_code',
  'expected_response',
  'group',
  'method',
  'name',
  'proto',
  'scenario',
  'service',
  'status',
  'subproto',
  'tls_version',
  'url',
  'extra_tags',
  'metadata',
] as const;

/** A field quoted only where CSV needs it (a comma, a quote, a line break). */
const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

export function k6CsvRow(sample: K6Sample): string {
  const { status, ...extra } = sample.tags;
  const columns: Partial<Record<(typeof k6CsvColumns)[number], string>> = {
    metric_name: sample.metric,
    timestamp: String(Math.floor(sample.time / 1000)),
    metric_value: sample.value.toFixed(6),
    ...(status === undefined ? {} : { status, expected_response: String(status.startsWith('2')) }),
    extra_tags: Object.entries(extra)
      .map(([name, value]) => `${name}=${value}`)
      .join('&'),
  };
  return `${k6CsvColumns.map((column) => field(columns[column] ?? '')).join(',')}\n`;
}

export const k6CsvLines: SampleLineFormat = {
  header: `${k6CsvColumns.join(',')}\n`,
  lines: (batch) => batch.map(k6CsvRow).join(''),
};

export const csvOutput = (description: string, path: string) => new SampleFileOutput(description, path, k6CsvLines);

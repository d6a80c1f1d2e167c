import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvOutput, k6CsvColumns, k6CsvRow } from '../../../load/outputs/csv-output.ts';
import { tempFolder } from '../../support/temp-folders.ts';
import { labelled, recordedResult, twoSeconds } from './recorded-result.ts';

describe('csv output (k6 columns)', () => {
  it("writes k6's header and a row a sample: Unix second, six decimals, status in its column, the rest in extra_tags", async () => {
    const path = join(tempFolder('harness-csv-out-'), 'samples.csv');
    const output = csvOutput(`csv=${path}`, path);
    await output.add(labelled(recordedResult(twoSeconds(1_777_000_000))));
    const delivery = await output.stop();
    const [header, ...rows] = readFileSync(path, 'utf8').trim().split('\n');
    expect(header).toBe(k6CsvColumns.join(','));
    expect(header?.startsWith('metric_name,timestamp,metric_value,check,error,error_code,expected_response,')).toBe(
      true,
    );
    const cells = rows.map((row) =>
      Object.fromEntries(row.split(',').map((cell, index) => [k6CsvColumns[index], cell])),
    );
    expect(cells[0]).toMatchObject({
      metric_name: 'http_reqs',
      timestamp: '1777000000',
      metric_value: '1.000000',
      expected_response: 'true',
      status: '200',
      extra_tags: 'run_id=run-1&target=reference&family=shortener&operation=nightly shortener mappings&segment=1/1',
    });
    const count = (metric: string) => cells.filter((row) => row.metric_name === metric).length;
    expect([
      count('http_reqs'),
      count('http_req_failed'),
      count('http_req_duration'),
      count('dropped_iterations'),
    ]).toEqual([7, 7, 6, 2]);
    expect(delivery).toMatchObject({ delivered: rows.length, lost: 0 });
  });

  it('quotes a field only where CSV needs it', () => {
    const row = k6CsvRow({
      metric: 'http_reqs',
      time: 0,
      value: 1,
      tags: { run_id: 'a,b', target: 'say "hi"', family: 'f', operation: 'o', segment: '1/1' },
    });
    expect(row).toContain('"run_id=a,b&target=say ""hi""&family=f&operation=o&segment=1/1"');
  });
});

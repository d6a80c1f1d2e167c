import { describe, expect, it } from 'vitest';
import { HarnessError } from '../../../core/harness-error.ts';
import { parseOutOptions } from '../../../load/outputs/parse-out-option.ts';

describe('--out', () => {
  it('makes a sink of each value, several at once, named as given', () => {
    const outputs = parseOutOptions([
      'json=out/samples.json',
      'csv=samples.csv',
      'prometheus=http://127.0.0.1:9090/api/v1/write',
    ]);
    expect(outputs.map((output) => output.description)).toEqual([
      'json=out/samples.json',
      'csv=samples.csv',
      'prometheus=http://127.0.0.1:9090/api/v1/write',
    ]);
    expect(parseOutOptions(undefined)).toEqual([]);
  });

  it.each([
    ['influxdb=http://127.0.0.1:8086', /unknown output "influxdb"/],
    ['json', /json needs =FILE/],
    ['json=', /json needs =FILE/],
    ['prometheus=127.0.0.1:9090', /is not an http\(s\) URL/],
    ['prometheus=ftp://127.0.0.1/x', /is not an http\(s\) URL/],
  ])('refuses %s as a usage error naming --out and the accepted forms', (value, reason) => {
    let thrown: unknown;
    try {
      parseOutOptions([value]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HarnessError);
    const error = thrown as HarnessError;
    expect(error.code).toBe('USAGE');
    expect(error.message).toMatch(/^--out /);
    expect(error.message).toMatch(reason);
    expect(error.fix).toMatch(/--out json=FILE, --out csv=FILE or --out prometheus=URL/);
  });
});

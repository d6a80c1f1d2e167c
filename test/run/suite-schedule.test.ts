import { describe, expect, test } from 'vitest';
import { isProbeFile, originOf, type ScheduledFile, scheduleSuites } from '../../run/suite-schedule.ts';

/** Suite files of three families: billing and exchange have a probe, billing and shortener a late-memory file. */
const files: ScheduledFile[] = [
  { family: 'billing', file: '/s/billing/auth.suite.ts' },
  { family: 'billing', file: '/s/billing/charges.suite.ts' },
  { family: 'billing', file: '/s/billing/memory.alone.suite.ts' },
  { family: 'billing', file: '/s/billing/token-rate-limit.alone.suite.ts' },
  { family: 'exchange', file: '/s/exchange/batch-orders.suite.ts' },
  { family: 'exchange', file: '/s/exchange/rate-limit.alone.suite.ts' },
  { family: 'shortener', file: '/s/shortener/fields.suite.ts' },
  { family: 'shortener', file: '/s/shortener/memory.alone.suite.ts' },
];

const oneOrigin = new Map([
  ['billing', 'http://127.0.0.1:8080'],
  ['exchange', 'http://127.0.0.1:8080'],
  ['shortener', 'http://127.0.0.1:8080'],
]);

/** Every file waits only for files handed out before it: a waiting worker never holds up what it waits for. */
function waitsOnlyBackwards(order: readonly string[], after: ReadonlyMap<string, readonly string[]>): boolean {
  return order.every((file, index) => (after.get(file) ?? []).every((before) => order.indexOf(before) < index));
}

describe('scheduleSuites', () => {
  test('one origin, limits per family declared: the probes right after their families, beside the others', () => {
    const schedule = scheduleSuites(files, oneOrigin, true);
    expect(schedule.order).toEqual([
      '/s/billing/auth.suite.ts',
      '/s/billing/charges.suite.ts',
      '/s/exchange/batch-orders.suite.ts',
      '/s/billing/memory.alone.suite.ts',
      '/s/billing/token-rate-limit.alone.suite.ts',
      '/s/exchange/rate-limit.alone.suite.ts',
      '/s/shortener/fields.suite.ts',
      '/s/shortener/memory.alone.suite.ts',
    ]);
    // A family's probe is its last file: its burst comes after every other request of the family.
    expect(schedule.after.get('/s/billing/token-rate-limit.alone.suite.ts')).toEqual([
      '/s/billing/auth.suite.ts',
      '/s/billing/charges.suite.ts',
      '/s/billing/memory.alone.suite.ts',
    ]);
    expect(schedule.after.get('/s/exchange/rate-limit.alone.suite.ts')).toEqual(['/s/exchange/batch-orders.suite.ts']);
    // Billing's late replay right after billing's files (its probe comes after it); shortener's near the end.
    expect(schedule.after.get('/s/billing/memory.alone.suite.ts')).toEqual([
      '/s/billing/auth.suite.ts',
      '/s/billing/charges.suite.ts',
    ]);
    expect(schedule.after.get('/s/shortener/memory.alone.suite.ts')).toEqual(['/s/shortener/fields.suite.ts']);
    expect(schedule.after.has('/s/shortener/fields.suite.ts')).toBe(false);
    expect(schedule.besideProbes).toHaveLength(2);
    expect(schedule.loneProbes).toEqual([]);
    expect(waitsOnlyBackwards(schedule.order, schedule.after)).toBe(true);
  });

  test('one origin, nothing declared: each probe alone at the end, after every other file, one after the other', () => {
    const schedule = scheduleSuites(files, oneOrigin, false);
    expect(schedule.order.slice(-2)).toEqual([
      '/s/billing/token-rate-limit.alone.suite.ts',
      '/s/exchange/rate-limit.alone.suite.ts',
    ]);
    expect(schedule.after.get('/s/billing/token-rate-limit.alone.suite.ts')).toEqual(schedule.order.slice(0, -2));
    expect(schedule.after.get('/s/exchange/rate-limit.alone.suite.ts')).toEqual(schedule.order.slice(0, -1));
    expect(schedule.besideProbes).toEqual([]);
    expect(schedule.loneProbes).toEqual([
      { file: '/s/billing/token-rate-limit.alone.suite.ts', sharedWith: ['exchange', 'shortener'] },
      { file: '/s/exchange/rate-limit.alone.suite.ts', sharedWith: ['billing', 'shortener'] },
    ]);
    expect(waitsOnlyBackwards(schedule.order, schedule.after)).toBe(true);
  });

  test('a family at an origin of its own: its probe beside the others; a probe sharing an origin stays alone', () => {
    const origins = new Map([...oneOrigin, ['exchange', 'https://exchange.example']]);
    const schedule = scheduleSuites(files, origins, false);
    expect(schedule.besideProbes).toEqual(['/s/exchange/rate-limit.alone.suite.ts']);
    expect(schedule.loneProbes.map((probe) => probe.file)).toEqual(['/s/billing/token-rate-limit.alone.suite.ts']);
    expect(schedule.order.at(-1)).toBe('/s/billing/token-rate-limit.alone.suite.ts');
    expect(waitsOnlyBackwards(schedule.order, schedule.after)).toBe(true);
  });

  test('at most workers - 1 probes beside the others, so a worker is left for their files; the rest alone at the end', () => {
    const origins = new Map([
      ['billing', 'https://billing.example'],
      ['exchange', 'https://exchange.example'],
      ['shortener', 'https://shortener.example'],
    ]);
    expect(scheduleSuites(files, origins, false, 3).besideProbes).toHaveLength(2);
    const two = scheduleSuites(files, origins, false, 2);
    expect(two.besideProbes).toEqual(['/s/billing/token-rate-limit.alone.suite.ts']);
    expect(two.loneProbes).toEqual([{ file: '/s/exchange/rate-limit.alone.suite.ts', sharedWith: [] }]);
    expect(two.order.at(-1)).toBe('/s/exchange/rate-limit.alone.suite.ts');
    // One worker (`--workers 1`): a probe waiting beside the others would wait for files queued behind it.
    const one = scheduleSuites(files, origins, false, 1);
    expect(one.besideProbes).toEqual([]);
    expect(one.order.slice(-2)).toEqual([
      '/s/billing/token-rate-limit.alone.suite.ts',
      '/s/exchange/rate-limit.alone.suite.ts',
    ]);
    expect(one.after.get('/s/exchange/rate-limit.alone.suite.ts')).toEqual(one.order.slice(0, -1));
    for (const schedule of [two, one]) expect(waitsOnlyBackwards(schedule.order, schedule.after)).toBe(true);
  });

  test('ordinary files keep the order they are given in (vitest puts the longest first), across families', () => {
    const given: ScheduledFile[] = [
      { family: 'shortener', file: '/s/shortener/fields.suite.ts' },
      { family: 'cdr', file: '/s/cdr/pagination.suite.ts' },
      { family: 'shortener', file: '/s/shortener/mappings.suite.ts' },
    ];
    expect(scheduleSuites(given, oneOrigin, true).order).toEqual(given.map((entry) => entry.file));
  });

  test('an origin that is not known counts as shared', () => {
    const origins = new Map([...oneOrigin, ['exchange', undefined]]);
    expect(scheduleSuites(files, origins, false).besideProbes).toEqual([]);
  });

  test('a family alone in the run: its probe after its own files (what `harness mutants` runs)', () => {
    const exchange = files.filter((entry) => entry.family === 'exchange');
    const schedule = scheduleSuites(exchange, oneOrigin, false);
    expect(schedule.order).toEqual(['/s/exchange/batch-orders.suite.ts', '/s/exchange/rate-limit.alone.suite.ts']);
    expect(schedule.after.get('/s/exchange/rate-limit.alone.suite.ts')).toEqual(['/s/exchange/batch-orders.suite.ts']);
  });
});

test('probe files are the alone files other than late-memory files; origins are read leniently', () => {
  expect(files.filter((entry) => isProbeFile(entry.file)).map((entry) => entry.family)).toEqual([
    'billing',
    'exchange',
  ]);
  expect(originOf({ baseUrl: 'http://127.0.0.1:9/billing' })).toBe('http://127.0.0.1:9');
  expect(originOf({ baseUrl: 'not a url' })).toBeUndefined();
  expect(originOf(undefined)).toBeUndefined();
});

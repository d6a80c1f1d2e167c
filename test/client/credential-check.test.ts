import { describe, expect, test } from 'vitest';
import { checkCredential, withCredentialChecks } from '../../client/credential-check.ts';
import type { PreflightReport } from '../../client/family-session.ts';
import { exchange, jsonExchange } from '../checks/exchanges.ts';

const refusedWith = (status: number) => exchange({ status }, { method: 'POST', url: 'http://t/notify' });
const report = (problem?: string): PreflightReport => ({
  family: 'loyalty',
  url: 'http://t',
  reachable: true,
  authenticated: problem === undefined,
  notes: [],
  ...(problem ? { problem } : {}),
});

describe('checkCredential: the entry value beside a wrong one', () => {
  test('an accepted credential asks nothing more', async () => {
    let asked = 0;
    const check = await checkCredential({
      kind: 'bearer token',
      key: 'token',
      sent: jsonExchange(400, {}),
      withWrong: async () => {
        asked += 1;
        return refusedWith(403);
      },
    });
    expect(check).toMatchObject({ accepted: true, mistaken: false });
    expect(asked).toBe(0);
  });
  test('refused as a wrong one is: mistaken, the report names the key; refused otherwise: noted, the rules judge', async () => {
    const same = await checkCredential({
      kind: 'MAC',
      key: 'mac',
      sent: refusedWith(403),
      withWrong: async () => refusedWith(403),
    });
    expect(same).toMatchObject({ accepted: false, mistaken: true });
    const mistaken = withCredentialChecks(report('credentials refused (HTTP 403)'), [same]);
    expect(mistaken.problem).toContain(
      'MAC refused: POST http://t/notify answered 403, as a deliberately wrong one is (answered 403); edit mac',
    );
    expect(mistaken.fixKey).toBe('mac');
    const other = await checkCredential({
      kind: 'MAC',
      key: 'mac',
      sent: refusedWith(403),
      withWrong: async () => refusedWith(401),
    });
    expect(other).toMatchObject({ accepted: false, mistaken: false });
    const judged = withCredentialChecks(report('credentials refused (HTTP 403)'), [other]);
    expect(judged.problem).toBeUndefined();
    expect(judged.authenticated).toBe(false);
    expect(judged.notes.join()).toContain('not as a wrong one is');
  });
  test('a report with no credential to try keeps its own problem (unreachable)', () => {
    expect(withCredentialChecks(report('connection refused'), []).problem).toBe('connection refused');
  });
});

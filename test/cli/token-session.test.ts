import { afterAll, beforeAll, expect, test } from 'vitest';
import { billingReference } from '../../reference/billing/index.ts';
import { families } from '../../families/index.ts';
import { startReferenceServer, type ReferenceRequestEntry, type RunningReference } from '../../reference/server.ts';
import { runCli, writeTargets } from '../support/run-harness-cli.ts';

/*
 * The billing caller rule "a token is used until it expires; many tokens must not be generated in a short
 * period" binds the harness too: with suite files spread over 4 workers, the whole run gets one token (the
 * preflight's) beside the few the token rule's own phase asks for, and the rate-limit burst runs alone after every
 * other rule.
 */

const env = {
  REFERENCE_CLIENT_ID: '0b9c8d7e-6f5a-4b3c-9d2e-1f0a9b8c7d6e',
  REFERENCE_CLIENT_SECRET: 'token-session-secret-01',
};
const log: ReferenceRequestEntry[] = [];
let reference: RunningReference;

beforeAll(async () => {
  reference = await startReferenceServer({
    serve: families(),
    env: { ...env },
    families: { billing: { mode: 'multi' } },
    onRequest: (entry) => log.push(entry),
  });
});
afterAll(() => reference.close());

test('4 workers share one token per run; the rate-limit probe runs alone, after every other request', async () => {
  const section = billingReference.targetSection(reference.baseUrls.billing as string, 'multi', {
    REFERENCE_CLIENT_ID: '${TS_ID}',
    REFERENCE_CLIENT_SECRET: '${TS_SECRET}',
  });
  const targets = writeTargets({ shared: { kind: 'url', families: { billing: section } } });
  const result = await runCli(
    ['run', '--targets', targets, '--target', 'shared', '--workers', '4', '--seed', '9', '--runs', '5'],
    { TS_ID: env.REFERENCE_CLIENT_ID, TS_SECRET: env.REFERENCE_CLIENT_SECRET },
  );
  expect(result.code, result.stdout.slice(-3000)).toBe(0);

  const issued = log
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => entry.path === '/oauth/token' && entry.status === 200);
  const lastOther = Math.max(...log.map((entry, index) => (entry.path === '/oauth/token' ? -1 : index)));
  expect(lastOther).toBeGreaterThan(100);
  // Outside the probe: the session's one token, although 9 suite files ran in 4 workers, the one
  // billing.token.entity_ids.uuid asks naming the tenant's entity, and those billing.token.reusable's phase asks for on
  // purpose (a sequence's own first token and another for the client between its uses: two a sequence, four
  // sequences at most).
  const outside = issued.filter(({ index }) => index < lastOther).length;
  expect(outside).toBeGreaterThanOrEqual(1);
  expect(outside).toBeLessThanOrEqual(1 + 1 + 2 * 4);
  expect(issued[0]?.index).toBe(0);
  // The probe's burst came after the last catalog request and met a 429.
  expect(issued.filter(({ index }) => index > lastOther).length).toBeGreaterThan(1);
  expect(log.slice(lastOther + 1).some((entry) => entry.status === 429)).toBe(true);
});

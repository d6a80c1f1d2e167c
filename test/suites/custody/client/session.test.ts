import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pageQueryString } from '../../../../suites/custody/client/custody-client.ts';
import { openCustodySession } from '../../../../suites/custody/client/session.ts';
import { CircuitBreaker } from '../../../../client/circuit-breaker.ts';
import { Redactor } from '../../../../core/redaction.ts';
import { custodyFamily } from '../../../../families/custody.ts';
import { startReferenceServer, type RunningReference } from '../../../../reference/server.ts';
import { custodySectionSchema, type CustodySection } from '../../../../suites/custody/entry/section.ts';

const env: NodeJS.ProcessEnv = { REFERENCE_CUSTODY_TOKEN: 'custody-session-test-token' };
const client = { timeoutMs: 5000, maxBodyBytes: 1 << 20, concurrency: 4, unresponsiveAfter: 3 };
let reference: RunningReference;
let section: CustodySection;

beforeAll(async () => {
  reference = await startReferenceServer({ serve: [custodyFamily], env });
  section = custodySectionSchema.parse(
    custodyFamily.reference.targetSection(reference.baseUrls.custody as string, 'default', env),
  );
});
afterAll(() => reference.close());

describe('custody session', () => {
  test('the preflight authenticates with the entry token and the token is registered as a secret', async () => {
    const redactor = new Redactor();
    const session = openCustodySession({ section, client, redactor, breaker: new CircuitBreaker('custody', 3) });
    expect(await session.preflight()).toMatchObject({ family: 'custody', reachable: true, authenticated: true });
    expect(redactor.redactSecrets(`Bearer ${section.token}`)).toBe('Bearer ***');
    await session.close();
  });
  test('a token the target refuses as it refuses a wrong one stops the run, naming the key to edit', async () => {
    const session = openCustodySession({
      section: { ...section, token: 'not-the-token' },
      client,
      redactor: new Redactor(),
      breaker: new CircuitBreaker('custody', 3),
    });
    const report = await session.preflight();
    expect(report.problem).toContain('bearer token refused');
    expect(report.problem).toContain('as a deliberately wrong one is');
    expect(report.fixKey).toBe('token');
    await session.close();
  });
  test('the query percent-encodes +, / and = of a token and nothing is built by the client', () => {
    expect(pageQueryString({ pageRequest: 'NEXT', pageSize: 2, currentPage: 'a+b/c==' })).toBe(
      'cursor.pageRequest=NEXT&cursor.pageSize=2&cursor.currentPage=a%2Bb%2Fc%3D%3D',
    );
    expect(pageQueryString({ pageRequest: 'FIRST' })).toBe('cursor.pageRequest=FIRST');
  });
});

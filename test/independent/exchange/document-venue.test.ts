import { afterAll, expect, test } from 'vitest';
import { expectEveryRulePassed, expectRulesPassed } from '../every-rule-judged.ts';
import { startDocumentVenue, type DocumentVenue } from './document-venue.ts';
import { runCli, writeTargets } from '../../support/run-harness-cli.ts';

/*
 * The exchange suite against a venue written from document 3 and the real exchange's conventions, not from the
 * reference (test/independent/exchange/document-venue.ts): every rule passes, the new edges (timestamps 29 s and
 * 31 s either side) included, and what the document leaves open is observed.
 */

const secrets = {
  VENUE_API_KEY: 'venue-access-key-1',
  VENUE_SECRET_KEY: 'venue-secret-key-of-the-test',
  VENUE_PASSPHRASE: 'venue-passphrase-1',
};
let venue: DocumentVenue | undefined;
let specific: DocumentVenue | undefined;
afterAll(() => Promise.all([venue?.close(), specific?.close()]));

test('a venue written to the document (passphrase, trade mode, codes 1 and 2, a gateway prefix) is conformant on every exchange rule', async () => {
  venue = await startDocumentVenue({
    apiKey: secrets.VENUE_API_KEY,
    secretKey: secrets.VENUE_SECRET_KEY,
    passphrase: secrets.VENUE_PASSPHRASE,
  });
  const targets = writeTargets({
    venue: {
      kind: 'url',
      families: {
        exchange: {
          baseUrl: venue.baseUrl,
          credentials: {
            apiKey: '${VENUE_API_KEY}',
            secretKey: '${VENUE_SECRET_KEY}',
            passphrase: '${VENUE_PASSPHRASE}',
          },
          orderTemplate: { tdMode: 'cash' },
          // The probe starts at the venue's own limit (200/s): fewer steps, the same finding.
          rateLimitProbe: { startRate: 200 },
        },
      },
    },
  });
  const result = await runCli(
    [
      'run',
      '--targets',
      targets,
      '--target',
      'venue',
      '--suite',
      'exchange',
      '--seed',
      '11',
      '--runs',
      '10',
      '--workers',
      '1',
    ],
    secrets,
  );
  const output = result.stdout.slice(-4000);
  const rules = expectEveryRulePassed(result, 'exchange', { notApplicable: true });
  // The code ranges are descriptive in the document: not pinned here, so not applicable.
  expect(rules.filter((rule) => rule.status === 'not-applicable').map((rule) => rule.ruleId)).toEqual([
    'exchange.codes.range',
  ]);
  const envelope = rules.find((rule) => rule.ruleId === 'exchange.envelope.code-string');
  expect(
    Object.keys(envelope?.observations?.['response Content-Type (no document names one)'] as Record<string, number>),
  ).toEqual(['application/json;charset=UTF-8']);
  expect(result.code, output).toBe(0);
});

test("a venue answering the real exchange's more specific codes (50014 for an empty field, 51131 for an unaffordable order) passes the item rules", async () => {
  specific = await startDocumentVenue({
    apiKey: secrets.VENUE_API_KEY,
    secretKey: secrets.VENUE_SECRET_KEY,
    passphrase: secrets.VENUE_PASSPHRASE,
    specificCodes: true,
  });
  const targets = writeTargets({
    venue: {
      kind: 'url',
      families: {
        exchange: {
          baseUrl: specific.baseUrl,
          credentials: {
            apiKey: '${VENUE_API_KEY}',
            secretKey: '${VENUE_SECRET_KEY}',
            passphrase: '${VENUE_PASSPHRASE}',
          },
          orderTemplate: { tdMode: 'cash' },
        },
      },
    },
  });
  const judged = ['exchange.batch.item-failure', 'exchange.batch.item-success', 'exchange.batch.item-fields'];
  const { result, rules } = await expectRulesPassed({
    targets,
    target: 'venue',
    family: 'exchange',
    rules: judged,
    seed: 11,
    env: secrets,
  });
  const output = result.stdout.slice(-4000);
  const failure = rules.find((rule) => rule.ruleId === 'exchange.batch.item-failure');
  expect(failure?.observations?.['sCode of unaffordable'], output).toBe('51131');
  expect(result.code, output).toBe(0);
});

let withoutDetails: DocumentVenue | undefined;
afterAll(() => withoutDetails?.close());

// Document 3 shows only the batch operation: order details are the real exchange's, which a venue need not serve.
test('a venue that does not serve order details (404, code 50005) gets exchange.codes.order-not-found not applicable, never failed', async () => {
  withoutDetails = await startDocumentVenue({
    apiKey: secrets.VENUE_API_KEY,
    secretKey: secrets.VENUE_SECRET_KEY,
    passphrase: secrets.VENUE_PASSPHRASE,
    orderDetails: false,
  });
  const credentials = {
    apiKey: '${VENUE_API_KEY}',
    secretKey: '${VENUE_SECRET_KEY}',
    passphrase: '${VENUE_PASSPHRASE}',
  };
  const targets = writeTargets({
    venue: {
      kind: 'url',
      families: { exchange: { baseUrl: withoutDetails.baseUrl, credentials, orderTemplate: { tdMode: 'cash' } } },
    },
  });
  const result = await runCli(
    ['run', '--targets', targets, '--target', 'venue', '--suite', 'exchange', '--workers', '1'].concat(
      ['--rule', 'exchange.codes.order-not-found', '--rule', 'exchange.envelope.success-code', '--seed', '3'],
      ['--runs', '5'],
    ),
    secrets,
  );
  const output = result.stdout.slice(-4000);
  const rule = result.summary().rules.find((entry) => entry.ruleId === 'exchange.codes.order-not-found');
  expect(rule?.status, output).toBe('not-applicable');
  expect(rule?.message).toContain('does not serve GET /api/v5/trade/order');
  expect(rule?.message).toContain('code 50005');
  expect(result.code, output).toBe(0);
});

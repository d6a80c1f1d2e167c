import { afterAll, expect, test } from 'vitest';
import { expectEveryRulePassed, expectRulesPassed } from '../every-rule-judged.ts';
import { startDocumentNetwork, type DocumentNetwork } from './document-network.ts';
import { runCli, writeTargets } from '../../support/run-harness-cli.ts';

/*
 * The loyalty suite against a network written from document 2, part A, not from the reference
 * (test/independent/loyalty/document-network.ts): every rule passes, the new cases included (the MAC window just
 * inside and outside each edge, a nonce and an order id replayed late in the run, the 202 exactly `{}`, JSON
 * bodies), with the entry's settings for what the document leaves open (a hex mac compared case-insensitively, a 60 s
 * window, demographics, event times in UTC only).
 */

const secrets = {
  LTY_API_KEY: 'network-app-key-1',
  LTY_MAC_SECRET: 'network-mac-secret-of-the-test',
  LTY_TOKEN: 'network-bearer-token-1',
};
let network: DocumentNetwork | undefined;
afterAll(() => network?.close());

test('a loyalty network written to the document (MAC in hex, 60 s window, bearer, its own demographics) is conformant on every loyalty rule', async () => {
  network = await startDocumentNetwork({
    apiKey: secrets.LTY_API_KEY,
    macId: 'network-client-7',
    macSecret: secrets.LTY_MAC_SECRET,
    bearerToken: secrets.LTY_TOKEN,
  });
  const targets = writeTargets({
    network: {
      kind: 'url',
      families: {
        loyalty: {
          baseUrl: network.baseUrl,
          apiKey: '${LTY_API_KEY}',
          mac: { id: 'network-client-7', secret: '${LTY_MAC_SECRET}', encoding: 'hex', windowMs: network.windowMs },
          bearerToken: '${LTY_TOKEN}',
          mandatoryDemographics: network.mandatoryDemographics,
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
      'network',
      '--suite',
      'loyalty',
      '--seed',
      '13',
      '--runs',
      '10',
      '--workers',
      '1',
    ],
    secrets,
  );
  const output = result.stdout.slice(-4000);
  const rules = expectEveryRulePassed(result, 'loyalty');
  // The order placed when its file started was placed again late, and refused.
  expect(
    rules.find((rule) => rule.ruleId === 'loyalty.transfer.order-id-unique')?.observations?.['late replays'],
  ).toEqual([expect.stringMatching(/^\d+\.\d s and at least [\d,]+ requests after first use$/)]);
  // Event times in UTC only: the network refuses +02:00, which the rule observes and does not fail.
  expect(
    rules.find((rule) => rule.ruleId === 'loyalty.notify.time')?.observations?.[
      'answers to values the document leaves open'
    ],
  ).toEqual(expect.arrayContaining([expect.stringMatching(/\+00:00": 202$/), expect.stringMatching(/\+02:00": 400$/)]));
  // Client ids are looked up without case: observed, not failed.
  expect(
    rules.find((rule) => rule.ruleId === 'loyalty.mac.unknown-id')?.observations?.[
      'the client id in another case answered'
    ],
  ).toBe('202, 202, 202');
  expect(result.code, output).toBe(0);
});

test('a loyalty network making the other allowed choices (times without a fraction, simulations that take their id, only POINTS and Issuer, 401 for a refused credential, program codes of its own named in the entry) passes the rules that read them', async () => {
  const other = await startDocumentNetwork({
    apiKey: secrets.LTY_API_KEY,
    macId: 'network-client-7',
    macSecret: secrets.LTY_MAC_SECRET,
    bearerToken: secrets.LTY_TOKEN,
    choices: {
      anyTimeFraction: true,
      simulationTakesOrderId: true,
      onlyAlwaysUsedValues: true,
      credentialsRefusedWith401: true,
      ownProgramCodes: true,
    },
  });
  try {
    const targets = writeTargets({
      network: {
        kind: 'url',
        families: {
          loyalty: {
            baseUrl: other.baseUrl,
            apiKey: '${LTY_API_KEY}',
            mac: { id: 'network-client-7', secret: '${LTY_MAC_SECRET}', encoding: 'hex', windowMs: other.windowMs },
            mandatoryDemographics: other.mandatoryDemographics,
            programCodes: other.programCodes,
          },
        },
      },
    });
    const judged = [
      'loyalty.transfer.program-code',
      'loyalty.transfer.program-demographics',
      'loyalty.notify.time',
      'loyalty.notify.accepted',
      'loyalty.transfer.simulation',
      'loyalty.transfer.amount',
      'loyalty.transfer.accepted',
      'loyalty.errors.body',
      'loyalty.bodies.json',
      'loyalty.headers.api-key',
    ];
    const { result, rules } = await expectRulesPassed({
      targets,
      target: 'network',
      family: 'loyalty',
      rules: judged,
      seed: 13,
      env: secrets,
    });
    const output = result.stdout.slice(-4000);
    const observed = (ruleId: string, name: string) =>
      rules.find((rule) => rule.ruleId === ruleId)?.observations?.[name];
    // The time without a fraction was taken, and observed rather than judged.
    expect(observed('loyalty.notify.time', 'answers to values the document leaves open')).toEqual(
      expect.arrayContaining([expect.stringMatching(/:\d{2}Z": 202$/)]),
    );
    expect(
      observed(
        'loyalty.transfer.simulation',
        'the same simulated order again, then the real order under its id, answered',
      ),
    ).toEqual([409, 409]);
    expect(observed('loyalty.notify.accepted', 'answers to values the document leaves open')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^source Web: 400$/)]),
    );
    expect(result.code, output).toBe(0);
  } finally {
    await other.close();
  }
});

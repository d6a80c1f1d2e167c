import { afterAll, expect, test } from 'vitest';
import { expectEveryRulePassed, expectRulesPassed } from '../every-rule-judged.ts';
import { startDocumentPartner, type DocumentPartner } from './document-partner.ts';
import { runCli, writeTargets } from '../../support/run-harness-cli.ts';

/*
 * The agentic suite against a partner written from document 2, part C, not from the reference
 * (test/independent/agentic/document-partner.ts): every rule passes or, for the statuses it never answers (422,
 * 500), is met only when they occur; the 200 is exactly `{}` and JSON-labelled.
 */

const secrets = { PARTNER_TOKEN: 'partner-bearer-token-1' };
let partner: DocumentPartner | undefined;
afterAll(() => partner?.close());

test('a partner written to the document (an elliptic-curve key, ECDH-ES+A256KW / A128GCM) is conformant on every agentic rule', async () => {
  partner = await startDocumentPartner({ token: secrets.PARTNER_TOKEN });
  const targets = writeTargets({
    partner: {
      kind: 'url',
      families: {
        agentic: {
          baseUrl: partner.baseUrl,
          token: '${PARTNER_TOKEN}',
          encryption: { publicKey: partner.publicKey, alg: 'ECDH-ES+A256KW', enc: 'A128GCM' },
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
      'partner',
      '--suite',
      'agentic',
      '--seed',
      '19',
      '--runs',
      '10',
      '--workers',
      '1',
    ],
    secrets,
  );
  const output = result.stdout.slice(-4000);
  expectEveryRulePassed(result, 'agentic', { notApplicable: true });
  expect(result.code, output).toBe(0);
});

test('a partner that takes an empty trackingId or agentId (the other allowed choice) passes the header rules, the empty answers observed', async () => {
  const other = await startDocumentPartner({ token: secrets.PARTNER_TOKEN, choices: { emptyHeadersTaken: true } });
  try {
    const targets = writeTargets({
      partner: {
        kind: 'url',
        families: {
          agentic: {
            baseUrl: other.baseUrl,
            token: '${PARTNER_TOKEN}',
            encryption: { publicKey: other.publicKey, alg: 'ECDH-ES+A256KW', enc: 'A128GCM' },
          },
        },
      },
    });
    const judged = ['agentic.headers.tracking-id', 'agentic.headers.agent-id'];
    const { result, rules } = await expectRulesPassed({
      targets,
      target: 'partner',
      family: 'agentic',
      rules: judged,
      seed: 19,
      env: secrets,
    });
    const output = result.stdout.slice(-4000);
    expect(
      rules.find((rule) => rule.ruleId === 'agentic.headers.agent-id')?.observations?.['agentId empty answered'],
    ).toEqual([200, 200, 200]);
    expect(result.code, output).toBe(0);
  } finally {
    await other.close();
  }
});

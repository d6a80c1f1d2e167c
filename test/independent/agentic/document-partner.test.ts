import { afterAll, expect, test } from 'vitest';
import { expectEveryRulePassed } from '../every-rule-judged.ts';
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

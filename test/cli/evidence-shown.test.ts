import { describe, expect, test } from 'vitest';
import { familyByName } from '../../families/index.ts';
import { isSecretField } from '../../core/redaction.ts';
import { referenceSecretNames } from '../support/reference-secrets.ts';
import { bundledTargets, runCli, withReferenceCredentials, writeTargets } from '../support/run-harness-cli.ts';

/*
 * Evidence shows everything that is not a secret. One failing rule per family on the bundled reference (a mutant of
 * its own), and its evidence walked: no secret value appears; a field or header shows `***` only where it is a
 * credential by definition (never an authorization record's status because its name starts with "authorization");
 * a MAC header keeps its id, ts and nonce and masks the mac alone.
 */

/** The reference's secrets, and its API keys (masked by value though they are identifiers of the entry). */
const secretNames = [...referenceSecretNames, 'REFERENCE_LOYALTY_API_KEY', 'REFERENCE_EXCHANGE_API_KEY'];

/** A mutant per family whose failure's evidence carries the family's credentials and records. */
const mutants: readonly [family: string, mutant: string][] = [
  ['billing', 'auth-any-bearer'],
  ['exchange', 'exchange-third-item-fails'],
  ['custody', 'custody-item-repeated-across-pages'],
  ['cdr', 'cdr-interaction-id-lost-on-errors'],
  ['cards', 'cards-oldest-approved-authorizations'],
  ['shortener', 'shortener-answers-one-long-url'],
  ['agentic', 'agentic-resume-refused'],
  ['loyalty', 'loyalty-subscribe-account-refused'],
];

/**
 * A header masked by name must be a credential by definition (Authorization, cookies, keys, signatures); the
 * exchange's access key header holds the entry's key, masked by its value.
 */
const credentialHeader =
  /^(?:ex-access-key|authorization|proxy-authorization|cookie|set-cookie|x-api-key|x-net-api-key|apiaccesskeyid|apisecretaccesskey|.*-(?:token|secret|signature|sign|api-?key|password|passphrase))$/i;

describe.each(mutants)('%s evidence (mutant %s)', (family, mutant) => {
  test('shows no secret, and masks only credentials by definition', async () => {
    const rule = familyByName(family)?.reference.mutants.find((entry) => entry.name === mutant)?.breaks;
    const entry = bundledTargets.targets.reference;
    if (!rule || !entry) throw new Error(`no mutant ${mutant} of ${family}, or no bundled reference`);
    const targets = writeTargets({ mutant: { ...entry, command: [...entry.command, '--mutant', mutant] } });
    const result = await runCli(
      ['run', '--targets', targets, '--target', 'mutant', '--suite', family, '--rule', rule],
      { ...withReferenceCredentials() },
    );
    const judged = result.summary().rules.find((outcome) => outcome.ruleId === rule);
    expect(judged?.status, result.stdout.slice(-3000)).toBe('failed');
    const evidence = (judged?.evidence ?? []).map((shown) => `${shown.request}\n${shown.response}\n${shown.curl}`);
    expect(evidence.length).toBeGreaterThan(0);
    const shown = [result.stdout, result.stderr, JSON.stringify(result.summary()), ...evidence].join('\n');
    const credentials = withReferenceCredentials();
    for (const name of secretNames) expect(shown.includes(credentials[name] as string), name).toBe(false);
    for (const text of evidence) {
      const maskedFields = [...text.matchAll(/"([^"\\]+)"\s*:\s*"\*\*\*"/g)].map((match) => match[1] as string);
      expect(maskedFields.filter((field) => !isSecretField(field))).toEqual([]);
      const maskedHeaders = [...text.matchAll(/^([A-Za-z0-9_-]+): .*\*\*\*/gm)].map((match) => match[1] as string);
      expect(maskedHeaders.filter((header) => !credentialHeader.test(header))).toEqual([]);
    }
    if (family === 'loyalty')
      expect(evidence.join('\n')).toMatch(
        /Authorization: MAC id=reference-client, ts=\d+, nonce=[0-9a-f-]+, bodyhash=[^*\s,]+, mac="\*\*\*"/,
      );
    if (family === 'loyalty') expect(evidence.join('\n')).toContain('keyname: MK-HARNESS');
    if (family === 'cards') expect(evidence.join('\n')).toMatch(/"authorizationStatus":\s*"(?:APPROVED|DECLINED)"/);
  });
});

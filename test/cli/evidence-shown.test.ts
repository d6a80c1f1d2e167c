import { afterAll, beforeAll, expect, test } from 'vitest';
import { isSecretField } from '../../core/redaction.ts';
import { builtInFamilies, familyByName } from '../../families/index.ts';
import { type RunningReference, startReferenceServer } from '../../reference/server.ts';
import type { RuleSummary } from '../../reporting/run-summary.ts';
import { referenceSecretNames } from '../support/reference-secrets.ts';
import { type CliResult, runCli, writeTargets } from '../support/run-harness-cli.ts';

/*
 * Evidence shows everything that is not a secret. One failing rule per family on the bundled reference (each family
 * served with a mutant of its own, in one run), and each failure's evidence walked: no secret value appears; a field or
 * header shows `***` only where it is a credential by definition (never an authorization record's status because its
 * name starts with "authorization"); a MAC header keeps its id, ts and nonce and masks the mac alone.
 */

/** The reference's secrets, and its API keys (masked by value though they are identifiers of the entry). */
const secretNames = [...referenceSecretNames, 'REFERENCE_LOYALTY_API_KEY', 'REFERENCE_EXCHANGE_API_KEY'];

/** A mutant per family whose failure's evidence carries the family's credentials and records. */
const mutants: Readonly<Record<string, string>> = {
  billing: 'auth-any-bearer',
  exchange: 'exchange-third-item-fails',
  custody: 'custody-item-repeated-across-pages',
  cdr: 'cdr-interaction-id-lost-on-errors',
  cards: 'cards-oldest-approved-authorizations',
  shortener: 'shortener-answers-one-long-url',
  agentic: 'agentic-resume-refused',
  loyalty: 'loyalty-subscribe-account-refused',
};

/**
 * A header masked by name must be a credential by definition (Authorization, cookies, keys, signatures); the
 * exchange's access key header holds the entry's key, masked by its value.
 */
const credentialHeader =
  /^(?:ex-access-key|authorization|proxy-authorization|cookie|set-cookie|x-api-key|x-net-api-key|apiaccesskeyid|apisecretaccesskey|.*-(?:token|secret|signature|sign|api-?key|password|passphrase))$/i;

const env: NodeJS.ProcessEnv = {};
let reference: RunningReference;
let result: CliResult;
let rules: RuleSummary[];
const ruleOf = (family: string) =>
  familyByName(family)?.reference.mutants.find((mutant) => mutant.name === mutants[family])?.breaks as string;

beforeAll(async () => {
  const families = Object.fromEntries(
    Object.entries(mutants).map(([family, mutant]) => {
      const mode = familyByName(family)?.reference.mutants.find((each) => each.name === mutant)?.mode;
      return [family, { mutant, ...(mode ? { mode } : {}) }];
    }),
  );
  reference = await startReferenceServer({ serve: builtInFamilies, families, env });
  const sections = Object.fromEntries(
    builtInFamilies.map((family) => [
      family.name,
      family.reference.targetSection(
        reference.baseUrls[family.name] as string,
        (families[family.name]?.mode ?? family.reference.modes[0]) as string,
        env,
      ),
    ]),
  );
  const targets = writeTargets({ mutants: { kind: 'url', families: sections, rateLimitsPerFamily: true } });
  const selection = Object.keys(mutants).flatMap((family) => ['--rule', ruleOf(family)]);
  result = await runCli(['run', '--targets', targets, '--target', 'mutants', ...selection, '--runs', '10'], env);
  rules = result.summary().rules;
}, 240_000);
afterAll(() => reference?.close());

test.each(Object.keys(mutants))('%s evidence shows no secret, and masks only credentials by definition', (family) => {
  const judged = rules.find((outcome) => outcome.ruleId === ruleOf(family));
  expect(judged?.status, result.stdout.slice(-3000)).toBe('failed');
  const evidence = (judged?.evidence ?? []).map((shown) => `${shown.request}\n${shown.response}\n${shown.curl}`);
  expect(evidence.length).toBeGreaterThan(0);
  const shown = [result.stdout, result.stderr, JSON.stringify(result.summary()), ...evidence].join('\n');
  for (const name of secretNames) {
    const secret = env[name] as string;
    expect(shown.includes(secret.includes('-----BEGIN') ? secret.slice(100, 160) : secret), name).toBe(false);
  }
  for (const text of evidence) {
    const maskedFields = [...text.matchAll(/"([^"\\]+)"\s*:\s*"\*\*\*"/g)].map((match) => match[1] as string);
    expect(maskedFields.filter((field) => !isSecretField(field))).toEqual([]);
    const maskedHeaders = [...text.matchAll(/^([A-Za-z0-9_-]+): .*\*\*\*/gm)].map((match) => match[1] as string);
    expect(maskedHeaders.filter((header) => !credentialHeader.test(header))).toEqual([]);
  }
  if (family === 'loyalty') {
    expect(evidence.join('\n')).toMatch(
      /Authorization: MAC id=reference-client, ts=\d+, nonce=[0-9a-f-]+, bodyhash=[^*\s,]+, mac="\*\*\*"/,
    );
    expect(evidence.join('\n')).toContain('keyname: MK-HARNESS');
  }
  if (family === 'cards') expect(evidence.join('\n')).toMatch(/"authorizationStatus":\s*"(?:APPROVED|DECLINED)"/);
});

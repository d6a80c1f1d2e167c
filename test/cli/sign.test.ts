import { afterAll, beforeAll, expect, test } from 'vitest';
import { loyaltyFamily } from '../../families/loyalty.ts';
import { type RunningReference, startReferenceServer } from '../../reference/server.ts';
import { runCli, withReferenceCredentials, writeTargets } from '../support/run-harness-cli.ts';
import { tempFolder } from '../support/temp-folders.ts';

/*
 * `harness sign` from one run's output: the curl line of a loyalty failure's evidence, its MAC and API key read from
 * variables nobody set, sent again from another folder with the entry's credentials set afresh (a new ts, nonce and
 * MAC), reproduces the failure: the target accepts it as it did in the run, secrets masked in what is printed.
 */

const env = withReferenceCredentials();
let reference: RunningReference;
let targets: string;

beforeAll(async () => {
  reference = await startReferenceServer({ serve: [loyaltyFamily], mutant: 'loyalty-subscribe-without-keyname', env });
  targets = writeTargets({
    network: {
      kind: 'url',
      families: {
        loyalty: {
          baseUrl: reference.baseUrls.loyalty,
          apiKey: '${REFERENCE_LOYALTY_API_KEY}',
          mac: { id: 'reference-client', secret: '${REFERENCE_LOYALTY_MAC_SECRET}' },
          bearerToken: '${REFERENCE_LOYALTY_TOKEN}',
        },
      },
    },
  });
});
afterAll(() => reference?.close());

/** The words of a printed command line: plain words, single-quoted ones, and double-quoted ones as a shell expands them. */
function shellWords(line: string, variables: NodeJS.ProcessEnv): string[] {
  return [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map(
    (match) =>
      match[1] ?? (match[2] ?? (match[3] as string)).replace(/\$([A-Z0-9_]+)/g, (_, name) => variables[name] ?? ''),
  );
}

test("a failure's curl line, sent again by harness sign from another folder, reproduces it with fresh credentials", async () => {
  const run = await runCli(
    ['run', '--targets', targets, '--target', 'network', '--rule', 'loyalty.headers.keyname'],
    env,
  );
  expect(run.code, run.stdout.slice(-3000)).toBe(1);
  const [rule] = run.summary().rules;
  const evidence = rule?.evidence?.find(
    (one) => one.request.startsWith('POST') && one.response.startsWith('HTTP/1.1 202'),
  );
  expect(evidence, rule?.message).toBeDefined();
  const curl = evidence?.curl.split('\n')[0] as string;
  expect(curl).toContain('$HARNESS_LOYALTY_AUTHORIZATION');
  expect(evidence?.curl).toContain('npx harness sign');

  // The line as a shell hands it over with its variables unset: sign sets them.
  const words = shellWords(curl, {});
  const elsewhere = tempFolder('harness-sign-elsewhere-');
  const signed = await runCli(['sign', '--targets', targets, '--target', 'network', '--', ...words], env, {
    cwd: elsewhere,
  });
  expect(signed.code, signed.stdout + signed.stderr).toBe(0);
  expect(signed.stdout).toMatch(/^HTTP\/1\.1 202/m);
  expect(signed.stdout).toMatch(
    /Authorization: MAC id=reference-client, ts=\d+, nonce=[0-9a-f-]+, bodyhash=\S+, mac="\*\*\*"/,
  );
  expect(signed.stdout).toContain('X-NET-API-KEY: ***');
  expect(signed.stdout).not.toContain(env.REFERENCE_LOYALTY_API_KEY as string);
  expect(signed.stdout).not.toContain(env.REFERENCE_LOYALTY_MAC_SECRET as string);
});

test('a line of a family that does not sign its requests, or no curl line: exit 2 with what to give', async () => {
  const none = await runCli(['sign', '--targets', targets, '--target', 'network', '--', 'wget', 'x'], env);
  expect(none.code).toBe(2);
  expect(none.stdout + none.stderr).toContain('expected a curl line after --');
  const outside = await runCli(
    ['sign', '--targets', targets, '--target', 'network', '--', 'curl', 'http://127.0.0.1:9/other'],
    env,
  );
  expect(outside.code).toBe(2);
  expect(outside.stdout + outside.stderr).toContain('is under no base URL of a signing family');
});

import type { FamilyModule } from '../families/family.ts';
import type { PreflightReport } from '../client/family-session.ts';
import { familyHttpClient } from '../client/family-http-client.ts';
import { HarnessError } from '../core/harness-error.ts';
import type { ResolvedTarget } from '../targets/load-targets.ts';
import { type OperationAnswer, answerOf, noOperationAtBaseUrl } from './doctor-operations.ts';

/** The most a run waits for doctor's requests: a wrong path answers 404 at once, so no answer by then is no mistake. */
const checkTimeoutMs = 3000;

/**
 * What `harness doctor` checks of the base URLs, checked by `run` before any verdict: a family none of whose
 * operations the target serves at the entry's base URL (each answered 404 or 405, or the family's own "not served") is
 * a configuration error, exit 2 with the key to edit, never 13 rules "passed" against 404s and the rest failed. Only a
 * family whose preflight met a 404 or 405 is asked (any other answer shows its base URL), its requests at once with a
 * short timeout: a request unanswered, or any answer that serves, is no mistake.
 */
export async function baseUrlMistake(
  target: ResolvedTarget,
  selected: readonly FamilyModule[],
  preflight: readonly PreflightReport[],
): Promise<HarnessError | undefined> {
  // Only a family whose preflight met an operation not served there is asked: any other answer shows the base URL.
  const suspect = selected.filter(
    (family) => preflight.find((report) => report.family === family.name)?.operationNotServed,
  );
  if (suspect.length === 0) return undefined;
  const client = familyHttpClient({
    ...target.entry.client,
    timeoutMs: Math.min(target.entry.client.timeoutMs, checkTimeoutMs),
  });
  try {
    const found = await Promise.all(
      suspect
        .filter((family) => family.doctor)
        .map(async (family) => {
          const plan = family.doctor?.(target.entry.families[family.name]);
          if (!plan) return undefined;
          const answers = await unlessOneServed(plan.requests.map((request) => answerOf(client, plan, request)));
          return answers && { family: family.name, answers, authenticated: plan.authenticated ?? true };
        }),
    );
    for (const operations of found) {
      const answers = operations && noOperationAtBaseUrl(operations);
      if (!operations || answers === undefined) continue;
      return new HarnessError(
        'BASE_URL_WRONG',
        `${operations.family}: no operation of the family answers at its base URL: ${answers}`,
        `edit targets.${target.name}.families.${operations.family}.baseUrl (the base address the document gives, written as given: \`harness init --help\` lists each family's operation paths relative to it)`,
      );
    }
    return undefined;
  } finally {
    // Requests still in flight end at their short timeout; the run does not wait for them.
    void client.close();
  }
}

/**
 * Every answer, where none serves the operation; undefined as soon as one does (or goes unanswered): the family's
 * base URL is then no mistake, and the slower requests are not waited for.
 */
function unlessOneServed(asked: readonly Promise<OperationAnswer>[]): Promise<OperationAnswer[] | undefined> {
  return new Promise((resolve) => {
    for (const answer of asked) void answer.then((one) => one.notServed === undefined && resolve(undefined));
    void Promise.all(asked).then(resolve);
  });
}

import type { VanityStep } from './checks/vanity-sequence.ts';
import type { ShortenerClient } from './client/shortener-client.ts';
import { shortenerDomains } from '../../rules/shortener/records.ts';
import { lateTestTimeoutMs, useLateMemory } from '../support/late-memory.ts';
import { freshPath } from './support/fresh-path.ts';
import { type TakenPath, vanityMemory } from './support/memory-kinds.ts';
import { ruleTest, useShortenerSession } from './support/shortener-session.ts';
import { freshPathJudgedBy, type PlannedStep, sendSteps } from './support/vanity-steps.ts';
import { runRulePhase } from '../support/stateful-phase.ts';
import { vanityCommands, vanitySequence } from './support/vanity-model.ts';

/*
 * What a shortener must remember, judged at once, after other registrations on the domain, and late: run
 * after every other shortener suite file, this file asks again for the paths the mappings file took when it started
 * (see suites/support/late-memory.ts), after all the registrations of the run. Then its stateful phase: random
 * sequences of requests checked against a model of the taken paths (suites/shortener/support/vanity-model.ts).
 */

const session = useShortenerSession();
const recall = useLateMemory();
const plain = { longUrl: 'https://example.com/other' };
/**
 * Registrations of other paths on a domain between a path's first use and its replay: a target keeping only the last
 * few is caught.
 */
const otherRegistrations = 8;

/**
 * A fresh path on a domain, then asked again: at once, as the second entry, and after other registrations on the
 * domain.
 */
function stepsOnDomain(domain: (typeof shortenerDomains)[number]): PlannedStep[] {
  const path = freshPath();
  return [
    {
      entries: [{ path, domain }],
      accepted: true,
      why: `path ${path} on ${domain}, free`,
      judgedBy: freshPathJudgedBy,
    },
    { entries: [{ path, domain }], accepted: false, why: `path ${path} on ${domain} again` },
    // Taken is taken wherever the entry sits in the array.
    {
      entries: [plain, { path, domain }],
      accepted: false,
      why: `path ${path} on ${domain} again, as the second entry`,
    },
    ...Array.from(
      { length: otherRegistrations },
      (_, index): PlannedStep => ({
        entries: [{ path: freshPath(), domain }],
        accepted: true,
        why: `another fresh path on ${domain} (${index + 1} of ${otherRegistrations})`,
        judgedBy: freshPathJudgedBy,
      }),
    ),
    {
      entries: [{ path, domain }],
      accepted: false,
      why: `path ${path} on ${domain} again, after ${otherRegistrations} other registrations on ${domain}`,
    },
  ];
}

/** The paths taken when the run began, asked again at its end; with how late each memory was asked. */
async function replayPathsOfRunStart(
  client: ShortenerClient,
  nowMs: number,
): Promise<{ sent: VanityStep[]; lateness: string[] }> {
  const late = await recall<{ taken: TakenPath[] }>(vanityMemory, { minimumMs: 0, firstUse: async () => undefined });
  const sent: VanityStep[] = [];
  const lateness: string[] = [];
  for (const use of late) {
    for (const { path, domain } of use.value.taken)
      sent.push(
        ...(await sendSteps(client, nowMs, [
          {
            entries: [{ path, domain }],
            accepted: false,
            why: `path ${path} on ${domain}, taken when the run began, asked again at its end`,
          },
        ])),
      );
    lateness.push(use.lateness());
  }
  return { sent, lateness };
}

/** Two entries of one request asking for one path and domain: the document does not say; the status is reported. */
async function oneRequestAskingTwice(client: ShortenerClient, nowMs: number): Promise<number | string> {
  const twice = freshPath();
  const [duplicate] = await sendSteps(client, nowMs, [
    {
      entries: [
        { path: twice, domain: 'go' },
        { path: twice, domain: 'go' },
      ],
      accepted: true,
      why: 'observed',
    },
  ]);
  return duplicate?.exchange.response?.status ?? 'no response';
}

ruleTest(
  'shortener.vanity.taken-for-domain',
  async ({ run, observe, check }) => {
    const { client, nowMs } = session();
    const sent = await sendSteps(client, nowMs, shortenerDomains.flatMap(stepsOnDomain));
    const late = await replayPathsOfRunStart(client, nowMs);
    observe('late replays', late.lateness);
    const verdict = check([...sent, ...late.sent]);
    observe('one path asked twice for one domain in one request', await oneRequestAskingTwice(client, nowMs));
    // Then the target as a state machine: random sequences, any failure shrunk to the shortest.
    const observed: string[] = [];
    await runRulePhase(run, observe, observed, {
      commands: vanityCommands,
      setup: () => vanitySequence({ client, nowMs, judge: check }, observed),
    });
    return verdict;
  },
  { timeoutMs: lateTestTimeoutMs() },
);

import fc from 'fast-check';
import { PrerequisiteMissing } from '../../engine/rule-blocked.ts';
import { RuleViolation } from '../../engine/rule-violation.ts';
import { requireEnded, walkItems } from './checks/walk.ts';
import { pageStep } from '../../generators/custody/page-step.ts';
import { custodyListingPaths } from '../../rules/custody/endpoints.ts';
import { ruleTest, useCustodySession } from './support/custody-session.ts';
import { PageCommand, type ListModel, type ListReal } from './support/page-command.ts';
import { everyListing } from './support/every-listing.ts';
import { walkListing } from './support/walk-listing.ts';
import { narrowerRuleBroken } from './support/model-diagnosis.ts';
import { probePageLimit } from './support/served-page-limit.ts';
import { shownWalkPageSize } from '../../rules/custody/limits.ts';

/** Page sizes a failing sequence's diagnosis walks at, at most: each costs a walk forward and one back. */
const diagnosedSizes = 3;

/** fast-check may hand each command of a sequence wrapped (`cmd`), in the filter and in a counterexample alike. */
type WrappedCommand = PageCommand | { cmd: PageCommand };
const unwrapped = (entry: WrappedCommand): PageCommand => ('cmd' in entry ? entry.cmd : entry);

const session = useCustodySession();
// Sequences start with FIRST or LAST: one that starts elsewhere (or is empty) runs no step, and a listing whose
// few sequences all ran none would leave the rule without a verdict (seed 28 at 10 runs did).
const commands = fc
  .commands([pageStep.map((step) => new PageCommand(step))], { maxCommands: 12 })
  .filter((sequence) => {
    const entry = [...sequence][0] as unknown as WrappedCommand | undefined;
    const first = entry === undefined ? undefined : unwrapped(entry).step.request;
    return first === 'FIRST' || first === 'LAST';
  });

/** Runs the model's command sequences on one listing; the rule's violation is kept when a sequence fails on one. */
async function runSequences(
  real: ListReal,
  list: Omit<ListModel, 'position'>,
  settings: { seed: number; numRuns: number },
) {
  let violation: RuleViolation | undefined;
  const details = await fc.check(
    fc.asyncProperty(commands, async (sequence) => {
      try {
        // A fresh real per sequence: its commands keep the latest token in it.
        await fc.asyncModelRun(() => ({ model: { ...list }, real: { ...real } }), sequence);
      } catch (error) {
        if (error instanceof RuleViolation) violation = error;
        throw error;
      }
    }),
    settings,
  );
  return { details, violation };
}

type SequenceRun = Awaited<ReturnType<typeof runSequences>>['details'];

/**
 * A fault plain walks at the failing sequence's page sizes already show is the walk rules' to judge: the model rule
 * is blocked by them (a breach names walk rules only, never the model rule).
 */
async function blockIfAWalkShowsIt(
  real: ListReal,
  walk: Parameters<typeof narrowerRuleBroken>[3],
  details: SequenceRun,
  violation: RuleViolation,
): Promise<void> {
  const steps = [...((details.counterexample?.[0] ?? []) as Iterable<WrappedCommand>)].map(unwrapped);
  const sizes = [
    ...new Set(
      steps.filter(({ step }) => step.request === 'FIRST' || step.request === 'LAST').map(({ step }) => step.pageSize),
    ),
  ].slice(0, diagnosedSizes);
  for (const size of sizes) {
    const breach = await narrowerRuleBroken(real.client, real.endpoint, size, walk);
    if (breach)
      throw new PrerequisiteMissing(
        breach.ruleIds,
        `${violation.message}; a plain walk at page size ${size} already shows it: ${breach.message}`,
        violation.evidence.slice(0, 2),
      );
  }
}

/** The violation of a failing sequence, with the seed, path and sequence that replay it. */
function withReplay(violation: RuleViolation, details: SequenceRun, seed: number, endpoint: string): RuleViolation {
  violation.replay = {
    seed,
    path: details.counterexamplePath ?? '',
    counterexample: String(details.counterexample?.[0]),
  };
  violation.inputDescription = `${endpoint}: ${String(details.counterexample?.[0])}`;
  return violation;
}

ruleTest('custody.cursor.model', async ({ observe, check }) => {
  const { client, property } = session();
  const { seed, runs } = property();
  const runsPerListing = Math.max(3, Math.ceil(runs / custodyListingPaths.length));
  let sequences = 0;
  const limits: Record<string, number> = {};
  const stringResult = (endpoint: string) =>
    client.listing(endpoint).result === 'string' ? 'its result is a string (an export): no item model' : undefined;
  await everyListing(
    observe,
    async (endpoint) => {
      const limitOf = await probePageLimit(client, endpoint);
      // The harness cannot know the target's data: a full walk at the spec's page size is the model of the list.
      const walk = await walkListing(client, endpoint, shownWalkPageSize, 'forward');
      requireEnded(walk);
      const real: ListReal = { client, endpoint, check };
      const limit = limitOf(walk);
      if (limit !== Infinity) limits[endpoint] = limit;
      const list = { items: walkItems(walk), limit };
      const { details, violation } = await runSequences(real, list, { seed, numRuns: runsPerListing });
      sequences += details.numRuns;
      if (details.failed && violation) {
        await blockIfAWalkShowsIt(real, walk, details, violation);
        throw withReplay(violation, details, seed, endpoint);
      }
      if (details.failed) throw details.errorInstance;
    },
    stringResult,
    true,
  );
  observe('command sequences', sequences);
  // A page limit below the sizes asked: the model pages at it (the platform: "should impose a hard limit").
  if (Object.keys(limits).length > 0) observe('page limit read from the pages served (observed)', limits);
});

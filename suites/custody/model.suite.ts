import fc from 'fast-check';
import { RuleBlocked } from '../../checks/rule-blocked.ts';
import { RuleViolation } from '../../checks/rule-violation.ts';
import { requireEnded, walkItems } from '../../checks/custody/walk.ts';
import { pageStep } from '../../generators/custody/page-step.ts';
import { custodyListingPaths } from '../../rules/custody/endpoints.ts';
import { ruleTest, useCustodySession } from './support/custody-session.ts';
import { PageCommand, type ListModel, type ListReal } from './support/page-command.ts';
import { everyListing } from './support/every-listing.ts';
import { walkListing } from './support/walk-listing.ts';
import { narrowerRuleBroken } from './support/model-diagnosis.ts';
import { shownWalkPageSize } from '../../rules/custody/limits.ts';

/** Page sizes a failing sequence's diagnosis walks at, at most: each costs a walk forward and one back. */
const diagnosedSizes = 3;

const session = useCustodySession();
const id = 'custody.cursor.model';
// Sequences start with FIRST or LAST: one that starts elsewhere (or is empty) runs no step, and a listing whose
// few sequences all ran none would leave the rule without a verdict (seed 28 at 10 runs did).
const commands = fc
  .commands([pageStep.map((step) => new PageCommand(step, id))], { maxCommands: 12 })
  .filter((sequence) => {
    // fast-check may hand each command wrapped (`cmd`), as in the counterexample below.
    const entry = [...sequence][0] as unknown as PageCommand | { cmd: PageCommand } | undefined;
    const first = (entry !== undefined && 'cmd' in entry ? entry.cmd : entry)?.step.request;
    return first === 'FIRST' || first === 'LAST';
  });

ruleTest(id, async ({ observe, check }) => {
  const { client, property } = session();
  const { seed, runs } = property();
  const runsPerListing = Math.max(3, Math.ceil(runs / custodyListingPaths.length));
  let sequences = 0;
  const stringResult = (endpoint: string) =>
    client.listing(endpoint).result === 'string' ? 'its result is a string (an export): no item model' : undefined;
  await everyListing(
    id,
    observe,
    async (endpoint) => {
      // The harness cannot know the target's data: a full walk at the spec's page size is the model of the list.
      const walk = await walkListing(client, endpoint, shownWalkPageSize, 'forward', id);
      requireEnded(walk, id);
      const items = walkItems(walk);
      let violation: RuleViolation | undefined;
      const details = await fc.check(
        fc.asyncProperty(commands, async (sequence) => {
          try {
            await fc.asyncModelRun(
              () => ({ model: { items } as ListModel, real: { client, endpoint, check } as ListReal }),
              sequence,
            );
          } catch (error) {
            if (error instanceof RuleViolation) violation = error;
            throw error;
          }
        }),
        { seed, numRuns: runsPerListing },
      );
      sequences += details.numRuns;
      if (details.failed && violation) {
        // A fault plain walks at the sequence's page sizes already show is the walk rules' to judge: blocked by them.
        // fast-check hands the sequence back with each command wrapped (`cmd`).
        const steps = [...((details.counterexample?.[0] ?? []) as Iterable<PageCommand | { cmd: PageCommand }>)].map(
          (entry) => ('cmd' in entry ? entry.cmd : entry),
        );
        const sizes = [
          ...new Set(
            steps
              .filter(({ step }) => step.request === 'FIRST' || step.request === 'LAST')
              .map(({ step }) => step.pageSize),
          ),
        ].slice(0, diagnosedSizes);
        for (const size of sizes) {
          const breach = await narrowerRuleBroken(client, endpoint, size, walk);
          if (breach)
            throw new RuleBlocked(
              breach.ruleIds,
              `${violation.message}; a plain walk at page size ${size} already shows it: ${breach.message}`,
              violation.evidence.slice(0, 2),
            );
        }
        violation.replay = {
          seed,
          path: details.counterexamplePath ?? '',
          counterexample: String(details.counterexample?.[0]),
        };
        violation.inputDescription = `${endpoint}: ${String(details.counterexample?.[0])}`;
        throw violation;
      }
      if (details.failed) throw details.errorInstance;
    },
    stringResult,
    true,
  );
  observe('command sequences', sequences);
});

import fc from 'fast-check';
import { type Pricing, type RateCardRow, samePricing } from '../../../rules/billing/adapters/model.ts';
import type { QueryObservation } from '../checks/query-side-effect-free.ts';
import type { RuleVerdict } from '../../../engine/rule-check.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { ruleInProgress } from '../../../core/rule-in-progress.ts';
import { billingOperations as op } from '../../../rules/billing/operations.ts';
import type { RunContext } from '../../../engine/run-context.ts';
import {
  countedBack,
  judgedAtStep,
  runRulePhase,
  type SequenceReal,
  SequenceLog,
} from '../../support/stateful-phase.ts';
import type { BillingSession } from './billing-suite-session.ts';
import { comparableQueryAnswer } from './comparable-answers.ts';
import { priceText } from './charge-model.ts';
import { bodyOf, statusOf, succeeded } from './answer-reading.ts';

/*
 * The query operation over time, from document 1's rules for it: "1. When a rate-card row matches the supplied
 * attribute values, the pricing of that row is returned." against the latest state (a query asked before a PUT
 * brought the row, and after), and "3. The operation creates and updates nothing" read back later (the same query,
 * of a charge of the sequence or of one that does not exist, asked again with no PUT of that charge between, answers
 * as it did). The model holds the charges a sequence made, the rows each has now (as made, or as its latest PUT set
 * them) and the rows it had before (kept or replaced: not shown, so a former row's pricing is allowed where it also
 * matches), and every query asked. A phase judges one rule; the rest is observed.
 */

export const matchRule = 'billing.charges.query.rate_card_match';
export const sideEffectRule = 'billing.charges.query.no_side_effects';

export type QueryJudge =
  | {
      rule: typeof matchRule;
      check: (reading: { exchange: Exchange; resolved: Pricing | null }, acceptable: readonly Pricing[]) => RuleVerdict;
    }
  | { rule: typeof sideEffectRule; check: (observations: readonly QueryObservation[]) => RuleVerdict };

interface QueriedCharge {
  id: string;
  step: number;
  rows: RateCardRow[];
  formerRows: RateCardRow[];
  /** PUTs the target took for it: a query is compared only with one asked since the latest. */
  updates: number;
}

interface AskedQuery {
  chargeId: string;
  region: string;
  step: number;
  updates: number;
  observation: QueryObservation;
}

export interface QueryModel {
  charges: QueriedCharge[];
  asked: AskedQuery[];
  observed: string[];
}

export interface QueryReal extends SequenceReal {
  session: BillingSession;
  judge: QueryJudge;
  /** Unique per sequence (shrinking runs included): the charges it names that do not exist are its own. */
  sequence: string;
}

/** The attribute values the sequences' rows and queries use: few, so that queries meet the rows PUTs bring. */
const regions = ['q0', 'q1'] as const;
/** Pricings made from the step, so that no two rows, nor a row and a default, resolve alike by chance. */
const pricingAt = (step: number, offset = 0): Pricing => ({ currency: 'USD', amount: 100 + step * 10 + offset });

/** The resolved pricing a query's answer names, read leniently: null where the adapter reads none. */
function resolvedOf(real: QueryReal, exchange: Exchange): Pricing | null {
  try {
    return real.session.client.adapter.parseQueryResponse(bodyOf(exchange)).resolvedPricing;
  } catch {
    return null;
  }
}

/** POST /commerce/charges: a charge with a default pricing and, or not, a row on one region. */
class CreateCommand implements fc.AsyncCommand<QueryModel, QueryReal> {
  constructor(readonly row: number | undefined) {}
  check(): boolean {
    return true;
  }
  async run(model: QueryModel, real: QueryReal): Promise<void> {
    const step = real.log.steps.length + 1;
    const rows: RateCardRow[] =
      this.row === undefined
        ? []
        : [{ conditions: { region: regions[this.row] as string }, pricing: pricingAt(step, 1) }];
    const { client } = real.session;
    const json = client.adapter.createChargeBody({
      name: `harness-query-${real.sequence}-${step}`,
      defaultPricing: pricingAt(step),
      rateCards: rows,
    });
    const rowText = rows[0]
      ? `, a row on region ${rows[0].conditions.region} at ${priceText(rows[0].pricing)}`
      : ', no row';
    const exchange = real.log.record(
      await client.send(op.createCharge, { json }),
      `POST /commerce/charges at ${priceText(pricingAt(step))}${rowText}; expected: a 2xx naming it`,
    );
    const id = succeeded(exchange) ? client.adapter.chargeIdOf(bodyOf(exchange)) : undefined;
    if (id === undefined)
      model.observed.push(`step ${step}: the creation answered ${statusOf(exchange)} with no charge id`);
    else model.charges.push({ id, step, rows, formerRows: [], updates: 0 });
  }
  toString(): string {
    return `create(${this.row ?? 'no row'})`;
  }
}

/** PUT /commerce/charges: new rows for a charge of the sequence, each on a region, at new pricings. */
class PutRowsCommand implements fc.AsyncCommand<QueryModel, QueryReal> {
  constructor(
    readonly target: number,
    readonly rowRegions: readonly number[],
  ) {}
  check(model: Readonly<QueryModel>): boolean {
    return model.charges.length > 0;
  }
  async run(model: QueryModel, real: QueryReal): Promise<void> {
    const step = real.log.steps.length + 1;
    const charge = countedBack(model.charges, this.target);
    const rows = [...new Set(this.rowRegions)].map((region, index) => ({
      conditions: { region: regions[region] as string },
      pricing: pricingAt(step, index + 1),
    }));
    const { client } = real.session;
    const text = rows.map((row) => `${row.conditions.region} at ${priceText(row.pricing)}`).join(', ');
    const exchange = real.log.record(
      await client.send(op.updateCharge, { json: client.adapter.updateChargeBody(charge.id, { rateCards: rows }) }),
      `PUT /commerce/charges the charge of step ${charge.step}, rows ${text}; expected: a 2xx`,
    );
    if (!succeeded(exchange)) {
      model.observed.push(`step ${step}: the update answered ${statusOf(exchange)} (the update rules')`);
      return;
    }
    charge.formerRows.push(...charge.rows);
    charge.rows = rows;
    charge.updates += 1;
  }
  toString(): string {
    return `putRows(${this.target}, [${this.rowRegions.join(',')}])`;
  }
}

/** What a query is, in the model's terms: a charge of the sequence, or one that does not exist. */
type QueryTarget = { kind: 'made'; back: number } | { kind: 'unknown'; index: number };

/** POST /commerce/charges/query with a region: of a charge of the sequence, or of one that does not exist. */
class QueryCommand implements fc.AsyncCommand<QueryModel, QueryReal> {
  constructor(
    readonly target: QueryTarget,
    readonly region: number,
  ) {}
  check(model: Readonly<QueryModel>): boolean {
    return this.target.kind === 'unknown' || model.charges.length > 0;
  }
  async run(model: QueryModel, real: QueryReal): Promise<void> {
    const step = real.log.steps.length + 1;
    const region = regions[this.region] as string;
    const charge = this.target.kind === 'made' ? countedBack(model.charges, this.target.back) : undefined;
    const chargeId =
      charge?.id ?? `harness-unknown-${real.sequence}-${this.target.kind === 'unknown' ? this.target.index : 0}`;
    const earlier = [...model.asked]
      .reverse()
      .find((one) => one.chargeId === chargeId && one.region === region && one.updates === (charge?.updates ?? 0));
    const matching = charge?.rows.find((row) => row.conditions.region === region);
    const acceptable = matching
      ? [
          matching.pricing,
          ...(charge?.formerRows ?? []).filter((row) => row.conditions.region === region).map((row) => row.pricing),
        ]
      : undefined;
    const what = charge ? `the charge of step ${charge.step}` : `charge ${chargeId}, which does not exist`;
    const expect =
      real.judge.rule === matchRule && acceptable
        ? `the matching row's pricing, ${acceptable.map(priceText).join(' or ')} (a former row kept may match too)`
        : earlier
          ? `the answer of step ${earlier.step}, the same query with no update of the charge between`
          : 'any answer (another rule judges it)';
    const { client } = real.session;
    const why = `POST /commerce/charges/query ${what}, region ${region}; expected: ${expect}`;
    const exchange = real.log.record(
      await client.send(op.queryCharge, { json: client.adapter.queryChargeBody(chargeId, { region }) }),
      why,
    );
    const observation = { exchange, answer: comparableQueryAnswer(client.adapter, exchange) };
    const story = `step ${step}: ${why}`;
    const resolved = resolvedOf(real, exchange);
    if (real.judge.rule === matchRule && acceptable) {
      const { check } = real.judge;
      judgedAtStep(story, () => check({ exchange, resolved }, acceptable));
    } else if (real.judge.rule === sideEffectRule && earlier) {
      const { check } = real.judge;
      judgedAtStep(story, () => check([earlier.observation, observation]));
    } else if (acceptable && !acceptable.some((pricing) => samePricing(pricing, resolved)))
      model.observed.push(`${story}: resolved to ${priceText(resolved)}`);
    model.asked.push({ chargeId, region, step, updates: charge?.updates ?? 0, observation });
  }
  toString(): string {
    return `query(${JSON.stringify(this.target)}, ${this.region})`;
  }
}

const region = fc.integer({ min: 0, max: regions.length - 1 });
const creates = fc.option(region, { nil: undefined }).map((row) => new CreateCommand(row));
const puts = fc
  .tuple(fc.nat(3), fc.array(region, { minLength: 1, maxLength: 2 }))
  .map(([target, rows]) => new PutRowsCommand(target, rows));
const madeQueries = fc
  .tuple(fc.nat(3), region)
  .map(([target, at]) => new QueryCommand({ kind: 'made', back: target }, at));
const unknownQueries = fc
  .tuple(fc.integer({ min: 0, max: 1 }), region)
  .map(([index, at]) => new QueryCommand({ kind: 'unknown', index }, at));

/**
 * Each phase weighs most what its rule judges: rows brought by PUTs between queries; the same query asked again. A
 * sequence opens with a charge made, so that its PUTs and queries have one to name from the first step.
 */
const sequenceOf = (...commands: fc.Arbitrary<fc.AsyncCommand<QueryModel, QueryReal>>[]) =>
  fc
    .tuple(creates, fc.commands(commands, { maxCommands: 7, size: 'large' }))
    .map(([first, rest]): fc.AsyncCommand<QueryModel, QueryReal>[] => [first, ...rest]);
const commandsFor: Record<QueryJudge['rule'], fc.Arbitrary<Iterable<fc.AsyncCommand<QueryModel, QueryReal>>>> = {
  [matchRule]: sequenceOf(creates, puts, puts, madeQueries, madeQueries, madeQueries),
  [sideEffectRule]: sequenceOf(creates, puts, madeQueries, madeQueries, unknownQueries, unknownQueries),
};

let sequences = 0;

/**
 * The query phase of the rule in progress (rate_card_match or no_side_effects), after its planned probes: random
 * sequences of creations, PUTs of rows and queries, checked against the model.
 */
export async function queryPhase(
  run: RunContext,
  session: BillingSession,
  check: QueryJudge['check'],
  observe: (key: string, value: unknown) => void,
): Promise<void> {
  const rule = ruleInProgress();
  if (rule !== matchRule && rule !== sideEffectRule)
    throw new Error(`no query phase judges ${rule ?? 'outside a rule test'}`);
  // The rule test's bound check is its rule's, typed by the check the rule cites.
  const judge = { rule, check } as QueryJudge;
  const observed: string[] = [];
  await runRulePhase(run, observe, observed, {
    commands: commandsFor[rule],
    setup: () => {
      sequences += 1;
      return {
        model: { charges: [], asked: [], observed },
        real: { session, judge, log: new SequenceLog(), sequence: `${session.nonce}-q${sequences}` },
      };
    },
  });
}

import fc from 'fast-check';
import type { VanityStep } from '../checks/vanity-sequence.ts';
import type { RuleVerdict } from '../../../engine/rule-check.ts';
import type { ShortenerClient } from '../client/shortener-client.ts';
import { type FieldRefusal, fieldRefusal, refusedValueText } from '../../../generators/shortener/field-refusal.ts';
import { plainEntry } from '../../../generators/shortener/plain-entry.ts';
import { type VanityTake, vanityTake } from '../../../generators/shortener/vanity-take.ts';
import { defaultDomain, mappingsStatuses, type ShortenerDomain } from '../../../rules/shortener/records.ts';
import { countedBack, type SequenceReal, SequenceLog } from '../../support/stateful-phase.ts';
import { freshPath } from './fresh-path.ts';

/*
 * The shortener as a state machine, from document 2, part D: "path: Requests a vanity path; when taken for the
 * requested domain the request fails with HTTP 400", and "domain: ... default m". The model holds the paths a
 * sequence took and on which domain; the commands are the documented operation, asking for fresh and earlier paths on
 * every domain and none, from other entries and user groups, alone or second in a request, and requests a field rule
 * refuses. Only "taken for the requested domain" is this rule's to judge, and only where both requests named the
 * domain: what rests on the default domain, or on another rule's answer (a fresh path accepted, a refusal refused), is
 * read leniently and observed, so that one fault fails one rule.
 */

/** A path the sequence took: on which domain it was asked (undefined: none named) and at which step. */
interface TakenPath {
  path: string;
  domain: ShortenerDomain | undefined;
  step: number;
}

export interface VanityModel {
  taken: TakenPath[];
  /** What was read leniently, in words: reported, never failed. */
  observed: string[];
}

export interface VanityReal extends SequenceReal {
  client: ShortenerClient;
  nowMs: number;
  /** The rule's check (vanity-sequence), bound to the rule: a taken path's reuse is judged by it. */
  judge: (steps: readonly VanityStep[]) => RuleVerdict;
}

const requested = (domain: ShortenerDomain | undefined) => domain ?? defaultDomain;
const domainText = (domain: ShortenerDomain | undefined) => domain ?? `no domain (${defaultDomain})`;

/** Asks for a fresh or an earlier path; a path taken for the requested domain must be refused with 400. */
class TakeCommand implements fc.AsyncCommand<VanityModel, VanityReal> {
  constructor(readonly take: VanityTake) {}

  check(model: Readonly<VanityModel>): boolean {
    return this.take.reuse === undefined || model.taken.length > 0;
  }

  async run(model: VanityModel, real: VanityReal): Promise<void> {
    const { reuse, sameDomain, entry, userGroup, user, second } = this.take;
    // Counted back from the latest: what a target forgets soonest is what it took last.
    const earlier = reuse === undefined ? undefined : countedBack(model.taken, reuse);
    const domain = earlier && sameDomain ? earlier.domain : this.take.domain;
    const path = earlier?.path ?? freshPath();
    const step = real.log.steps.length + 1;
    const asked = {
      ...plainEntry(real.nowMs, entry),
      path,
      ...(domain ? { domain } : {}),
      ...(userGroup ? { userGroup } : {}),
      ...(user ? { user } : {}),
    };
    const holders = model.taken.filter((taken) => taken.path === path && requested(taken.domain) === requested(domain));
    const why = `path ${path} on ${domainText(domain)}, ${
      holders.length
        ? `taken at step ${holders.map((holder) => holder.step).join(', ')}`
        : earlier
          ? 'asked before on another domain'
          : 'fresh'
    }, plain entry ${entry}${userGroup ? `, userGroup ${userGroup}` : ''}${user ? `, user ${user}` : ''}${second ? ', as the second entry' : ''}`;
    const exchange = real.log.record(await real.client.map(second ? [plainEntry(real.nowMs, 9), asked] : [asked]), why);
    const status = exchange.response?.status;
    if (holders.length > 0) {
      // Both requests named the domain: its taken path is this rule's to judge, whatever came between.
      if (domain !== undefined && holders.some((holder) => holder.domain !== undefined))
        real.judge([{ exchange, accepted: false, why: `step ${step}: ${why}` }]);
      else if (status !== mappingsStatuses.refused)
        model.observed.push(`step ${step}: ${why}: ${status ?? exchange.error?.code} (rests on the default domain)`);
      return;
    }
    if (status === mappingsStatuses.accepted) model.taken.push({ path, domain, step });
    else model.observed.push(`step ${step}: ${why}: ${status ?? exchange.error?.code} where a free path is accepted`);
  }

  toString(): string {
    return `take(${JSON.stringify(this.take)})`;
  }
}

/** A request a field rule refuses: the paths taken before it stay taken (its own answer is its rule's to judge). */
class RefusedCommand implements fc.AsyncCommand<VanityModel, VanityReal> {
  constructor(readonly refusal: FieldRefusal) {}

  check(): boolean {
    return true;
  }

  async run(model: VanityModel, real: VanityReal): Promise<void> {
    const step = real.log.steps.length + 1;
    const why = `a request with ${refusedValueText(this.refusal)}, which ${this.refusal.rule.ruleId} refuses`;
    const body = [this.refusal.rule.set(plainEntry(real.nowMs, 5), this.refusal.value)];
    const exchange = real.log.record(await real.client.map(body), why);
    const status = exchange.response?.status;
    if (status !== mappingsStatuses.refused)
      model.observed.push(`step ${step}: ${why}: ${status ?? exchange.error?.code}`);
  }

  toString(): string {
    return `refused(${refusedValueText(this.refusal)})`;
  }
}

/** Sequences of up to eight requests: paths taken and asked again (most of them), with refusals between. */
const takes = vanityTake.map((take) => new TakeCommand(take));
// fc.commands picks among its arbitraries evenly: a take is listed three times to weigh three.
export const vanityCommands = fc.commands(
  [takes, takes, takes, fieldRefusal.map((refusal) => new RefusedCommand(refusal))],
  { maxCommands: 8, size: 'medium' },
);

/** A sequence's fresh model (what it reads leniently goes to `observed`, shared by the sequences) and real side. */
export function vanitySequence(
  real: Omit<VanityReal, 'log'>,
  observed: string[],
): { model: VanityModel; real: VanityReal } {
  return { model: { taken: [], observed }, real: { ...real, log: new SequenceLog() } };
}

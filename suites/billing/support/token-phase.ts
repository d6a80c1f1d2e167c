import fc from 'fast-check';
import type { RuleVerdict } from '../../../engine/rule-check.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { billingOperations as op } from '../../../rules/billing/operations.ts';
import type { RunContext } from '../../../engine/run-context.ts';
import {
  judgedAtStep,
  runRulePhase,
  type SequenceReal,
  SequenceLog,
  sequenceBudget,
} from '../../support/stateful-phase.ts';
import { bodyOf, statusOf, succeeded } from './answer-reading.ts';
import type { BillingSession } from './billing-suite-session.ts';

/*
 * The token's lifetime as a state machine (document 1, "A token is used until it expires; many tokens must not be
 * generated in a short period."): each sequence asks for a token of its own, uses it, asks the token operation for
 * another for the same client between its uses. billing.token.reusable judges every use of the sequence's first token
 * (it must keep authorising, whatever was issued since); the others' answers are read leniently. Few sequences, each
 * asking for two tokens at the most: the document asks callers not to generate many.
 */

export interface TokenModel {
  /** The sequence's own first token, once issued (a sequence's uses judge only what came after it in that sequence). */
  first?: string;
  /** Tokens this sequence had issued for the client after its first. */
  issued: number;
  observed: string[];
}

export interface TokenReal extends SequenceReal {
  session: BillingSession;
  judge: (exchanges: readonly Exchange[]) => RuleVerdict;
}

/** The most sequences a phase runs: each issues a token or two, and the document asks callers not to issue many. */
const maxTokenSequences = 4;

/** A catalog request (a charge created, valid) with the given bearer token. */
function useToken(real: TokenReal, token: string): Promise<Exchange> {
  const { client, nonce } = real.session;
  const json = client.adapter.createChargeBody({
    name: `harness-token-life-${nonce}`,
    defaultPricing: { currency: 'USD', amount: 1 },
    rateCards: [],
  });
  return client.send(op.createCharge, { json, auth: { authorization: `Bearer ${token}` }, judgesTokenReuse: true });
}

/** A token asked for the client: its answer is the token rules', read leniently. */
async function issueToken(model: TokenModel, real: TokenReal, why: string): Promise<string | undefined> {
  const { client } = real.session;
  const exchange = real.log.record(await client.sendTokenRequest(client.validTokenRequest()), why);
  if (!succeeded(exchange)) {
    model.observed.push(`${why}: answered ${statusOf(exchange)}`);
    return undefined;
  }
  try {
    return client.adapter.parseTokenResponse(bodyOf(exchange)).accessToken;
  } catch {
    model.observed.push(`${why}: ${statusOf(exchange)} with no token the adapter reads`);
    return undefined;
  }
}

/** The sequence's own first token: every later use of it in the sequence is judged. */
class OpenCommand implements fc.AsyncCommand<TokenModel, TokenReal> {
  check(): boolean {
    return true;
  }
  async run(model: TokenModel, real: TokenReal): Promise<void> {
    const token = await issueToken(model, real, "the sequence's first token asked for the client");
    if (token !== undefined) model.first = token;
  }
  toString(): string {
    return 'firstToken';
  }
}

/** The first token used again: judged, whatever was issued since. */
class UseFirstCommand implements fc.AsyncCommand<TokenModel, TokenReal> {
  check(model: Readonly<TokenModel>): boolean {
    return model.first !== undefined;
  }
  async run(model: TokenModel, real: TokenReal): Promise<void> {
    const step = real.log.steps.length + 1;
    const why = `the sequence's first token used again, ${model.issued} other token(s) issued for the client since; expected: a 2xx`;
    const exchange = real.log.record(await useToken(real, model.first as string), why);
    judgedAtStep(`step ${step}: ${why}`, () => real.judge([exchange]));
  }
  toString(): string {
    return 'useFirst';
  }
}

/** Another token asked for the same client (once a sequence); its answer is the token rules', read leniently. */
class IssueCommand implements fc.AsyncCommand<TokenModel, TokenReal> {
  check(model: Readonly<TokenModel>): boolean {
    return model.first !== undefined && model.issued === 0;
  }
  async run(model: TokenModel, real: TokenReal): Promise<void> {
    if ((await issueToken(model, real, 'another token asked for the same client')) === undefined) return;
    model.issued += 1;
  }
  toString(): string {
    return 'issueAnother';
  }
}

/**
 * A sequence: its own first token (what it judges rests on its own steps, shrunk or not), a use or none, mostly
 * another token asked for the client, then one or two uses. Few sequences run, so their shape is drawn, not left to
 * fc.commands' small first sizes; it shrinks towards the shortest (no use before, one after).
 */
const tokenSequences = fc
  .tuple(
    fc.integer({ min: 0, max: 1 }),
    fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    fc.integer({ min: 1, max: 2 }),
  )
  .map(([before, another, after]): fc.AsyncCommand<TokenModel, TokenReal>[] => [
    new OpenCommand(),
    ...Array.from({ length: before }, () => new UseFirstCommand()),
    ...(another ? [new IssueCommand()] : []),
    ...Array.from({ length: after }, () => new UseFirstCommand()),
  ]);

/**
 * billing.token.reusable's phase, after its planned uses: sequences of the first token's uses with another token
 * issued between, the first token's every use judged.
 */
export async function tokenLifetimePhase(
  run: RunContext,
  session: BillingSession,
  check: TokenReal['judge'],
  observe: (key: string, value: unknown) => void,
): Promise<void> {
  const observed: string[] = [];
  await runRulePhase({ ...run, sequences: Math.min(sequenceBudget(run), maxTokenSequences) }, observe, observed, {
    commands: tokenSequences,
    setup: () => ({
      model: { issued: 0, observed },
      real: { session, judge: check, log: new SequenceLog() },
    }),
  });
}

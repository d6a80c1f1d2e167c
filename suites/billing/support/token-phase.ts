import fc from 'fast-check';
import type { RuleVerdict } from '../../../checks/rule-check.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { billingOperations as op } from '../../../rules/billing/operations.ts';
import type { RunContext } from '../../support/run-context.ts';
import {
  judgedAtStep,
  runRulePhase,
  type SequenceReal,
  SequenceLog,
  sequenceBudget,
} from '../../support/stateful-phase.ts';
import type { BillingSession } from './billing-suite-session.ts';

/*
 * The token's lifetime as a state machine (document 1, "A token is used until it expires; many tokens must not be
 * generated in a short period."): the sequences use one token, ask the token operation for others for the same client
 * between its uses, and use those too. billing.token.reusable judges every use of the first token (it must keep
 * authorising, whatever was issued since); the others' answers are read leniently. Few sequences, each asking for one
 * token at the most: the document asks callers not to generate many.
 */

export interface TokenModel {
  /** Tokens this sequence had issued for the client. */
  issued: number;
  /** Tokens the phase had issued for the client since the first, earlier sequences included (the target's state goes on). */
  sinceFirst: { count: number };
  observed: string[];
}

export interface TokenReal extends SequenceReal {
  session: BillingSession;
  /** The token every sequence keeps using, obtained before the phase. */
  first: string;
  judge: (exchanges: readonly Exchange[]) => RuleVerdict;
}

/** The most sequences a phase runs: each may issue a token, and the document asks callers not to issue many. */
const maxTokenSequences = 8;

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

/** The first token used again: judged, whatever was issued since. */
class UseFirstCommand implements fc.AsyncCommand<TokenModel, TokenReal> {
  check(): boolean {
    return true;
  }
  async run(model: TokenModel, real: TokenReal): Promise<void> {
    const step = real.log.steps.length + 1;
    const earlier = model.sinceFirst.count - model.issued;
    const why = `the first token used again, ${model.issued} other token(s) issued for the client since in this sequence and ${earlier} in earlier ones; expected: a 2xx`;
    const exchange = real.log.record(await useToken(real, real.first), why);
    judgedAtStep(`step ${step}: ${why}`, () => real.judge([exchange]));
  }
  toString(): string {
    return 'useFirst';
  }
}

/** Another token asked for the same client (once a sequence); its answer is the token rules', read leniently. */
class IssueCommand implements fc.AsyncCommand<TokenModel, TokenReal> {
  check(model: Readonly<TokenModel>): boolean {
    return model.issued === 0;
  }
  async run(model: TokenModel, real: TokenReal): Promise<void> {
    const { client } = real.session;
    const exchange = real.log.record(
      await client.sendTokenRequest(client.validTokenRequest()),
      'another token asked for the same client',
    );
    const status = exchange.response?.status;
    if (status !== undefined && status >= 200 && status <= 299) {
      model.issued += 1;
      model.sinceFirst.count += 1;
    } else model.observed.push(`another token for the client answered ${status ?? exchange.error?.code}`);
  }
  toString(): string {
    return 'issueAnother';
  }
}

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
  const first = await session.client.token();
  const sinceFirst = { count: 0 };
  await runRulePhase({ ...run, sequences: Math.min(sequenceBudget(run), maxTokenSequences) }, observe, observed, {
    commands: fc.commands([fc.constant(new UseFirstCommand()), fc.constant(new IssueCommand())], {
      maxCommands: 4,
    }),
    setup: () => ({
      model: { issued: 0, sinceFirst, observed },
      real: { session, first, judge: check, log: new SequenceLog() },
    }),
  });
}

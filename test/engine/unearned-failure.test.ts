import { describe, expect, it } from 'vitest';
import { RuleViolation } from '../../engine/rule-violation.ts';
import { type SettledBlock, type SettledThrow, settledBlock, settledThrow } from '../../engine/settled-verdict.ts';
import type { RuleId } from '../../rules/rule-id.ts';
import type { Exchange } from '../../client/http-exchange.ts';
import { cardsRules } from '../../rules/cards/rules.ts';
import type { Rule } from '../../rules/rule.ts';
import { asRule, noteAnswerTime, noteLeftUnanswered } from '../../core/rule-in-progress.ts';
import { blockedWhenUnearned, failedWhenLeftUnanswered } from '../../engine/unearned-failure.ts';
import { failedExchange, jsonExchange } from '../checks/exchanges.ts';

/** A violation of `ruleId` as the resolution's earned step reads it: settled, data. */
const breach = (ruleId: string, message: string, evidence: Exchange[]) =>
  settledThrow(new RuleViolation(ruleId as RuleId, message, evidence)) as SettledThrow;
const block = (blockedBy: string[], missing: string, evidence: Exchange[]) =>
  settledBlock(blockedBy, missing, evidence, 'prerequisite');

const judges = (cardsRules as readonly Rule<string, never>[]).filter((rule) => rule.judgesBodiesTooLarge !== undefined);
const at = (exchange: Exchange, url: string): Exchange => ({ ...exchange, request: { ...exchange.request, url } });
const tooLarge = (url: string) => at(failedExchange('BODY_TOO_LARGE'), url);

describe('a failure the rule did not earn is blocked by the rule whose fault it is', () => {
  it('a transactions page too large to read blocks another cards rule by cards.transactions.items', () => {
    const violation = breach('cards.transactions.window-age', 'No usable response (BODY_TOO_LARGE)', [
      tooLarge('http://127.0.0.1:9/cards/v1/transactions?accountId=a'),
    ]);
    const blocked = blockedWhenUnearned('cards.transactions.window-age', violation, judges);
    expect(blocked).toMatchObject({ status: 'blocked' });
    expect((blocked as SettledBlock).blockedBy).toEqual(['cards.transactions.items']);
  });

  it('the judging rule itself, a body too large on a path no rule judges whole, or any answer read keep the failure', () => {
    const own = breach('cards.transactions.items', 'No usable response', [
      tooLarge('http://127.0.0.1:9/cards/v1/transactions'),
    ]);
    expect(blockedWhenUnearned('cards.transactions.items', own, judges)).toBe(own);
    const elsewhere = breach('cards.card.fields', 'No usable response', [
      tooLarge('http://127.0.0.1:9/cards/v1/cards/c1'),
    ]);
    expect(blockedWhenUnearned('cards.card.fields', elsewhere, judges)).toBe(elsewhere);
    const read = breach('cards.transactions.window-age', 'answered 200', [
      tooLarge('http://127.0.0.1:9/cards/v1/transactions'),
      jsonExchange(200, { transactions: [] }),
    ]);
    expect(blockedWhenUnearned('cards.transactions.window-age', read, judges)).toBe(read);
  });

  it('the rule whose request opened the breaker fails, though its route read the unanswered page as blocked', () => {
    const blocked = block(['custody.cursor.first-last-without-token'], 'FIRST gave no cursor page', []);
    expect(failedWhenLeftUnanswered('custody.cursor.token-encoding', blocked)).toBe(blocked);
    noteLeftUnanswered('custody.cursor.token-encoding');
    const failed = failedWhenLeftUnanswered('custody.cursor.token-encoding', blocked);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed.message).toMatch(/^The target stopped answering this rule's requests/);
  });

  it('a rule left unanswered in one run is not in the next run a reused worker serves', () => {
    const blocked = block(['cdr.list.envelope'], 'no page', []);
    noteLeftUnanswered('cdr.links.valid', 'run-1');
    expect(failedWhenLeftUnanswered('cdr.links.valid', blocked, 'run-1')).toMatchObject({ status: 'failed' });
    expect(failedWhenLeftUnanswered('cdr.links.valid', blocked, 'run-2')).toBe(blocked);
    noteLeftUnanswered('cdr.list.brand', 'run-2');
    expect(failedWhenLeftUnanswered('cdr.links.valid', blocked, 'run-1')).toBe(blocked);
    expect(failedWhenLeftUnanswered('cdr.list.brand', blocked, 'run-2')).toMatchObject({ status: 'failed' });
  });

  it('a block with no exchange (a probe that heard nothing) fails with the unanswered exchange that opened the breaker', () => {
    const heardNothing = block(['exchange.envelope.success-code'], 'the probe got no answer at all', []);
    const silence = failedExchange('TIMEOUT');
    asRule('exchange.limits.rate-limit', () => {
      noteLeftUnanswered('exchange.limits.rate-limit', 'run-3');
      noteAnswerTime(2000, silence);
    });
    const failed = failedWhenLeftUnanswered('exchange.limits.rate-limit', heardNothing, 'run-3');
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed.evidence).toEqual([silence]);
  });
});

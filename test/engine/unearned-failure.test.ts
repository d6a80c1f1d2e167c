import { describe, expect, it } from 'vitest';
import { RuleBlocked } from '../../engine/rule-blocked.ts';
import { RuleViolation } from '../../engine/rule-violation.ts';
import type { Exchange } from '../../client/http-exchange.ts';
import { cardsRules } from '../../rules/cards/rules.ts';
import type { Rule } from '../../rules/rule.ts';
import { asRule, noteAnswerTime, noteLeftUnanswered } from '../../core/rule-in-progress.ts';
import { blockedWhenUnearned, failedWhenLeftUnanswered } from '../../engine/unearned-failure.ts';
import { failedExchange, jsonExchange } from '../checks/exchanges.ts';

const judges = (cardsRules as readonly Rule<string, never>[]).filter((rule) => rule.judgesBodiesTooLarge !== undefined);
const at = (exchange: Exchange, url: string): Exchange => ({ ...exchange, request: { ...exchange.request, url } });
const tooLarge = (url: string) => at(failedExchange('BODY_TOO_LARGE'), url);

describe('a failure the rule did not earn is blocked by the rule whose fault it is', () => {
  it('a transactions page too large to read blocks another cards rule by cards.transactions.items', () => {
    const violation = new RuleViolation('cards.transactions.window-age', 'No usable response (BODY_TOO_LARGE)', [
      tooLarge('http://127.0.0.1:9/cards/v1/transactions?accountId=a'),
    ]);
    const blocked = blockedWhenUnearned('cards.transactions.window-age', violation, judges);
    expect(blocked).toBeInstanceOf(RuleBlocked);
    expect((blocked as RuleBlocked).blockedBy).toEqual(['cards.transactions.items']);
  });

  it('the judging rule itself, a body too large on a path no rule judges whole, or any answer read keep the failure', () => {
    const own = new RuleViolation('cards.transactions.items', 'No usable response', [
      tooLarge('http://127.0.0.1:9/cards/v1/transactions'),
    ]);
    expect(blockedWhenUnearned('cards.transactions.items', own, judges)).toBe(own);
    const elsewhere = new RuleViolation('cards.card.fields', 'No usable response', [
      tooLarge('http://127.0.0.1:9/cards/v1/cards/c1'),
    ]);
    expect(blockedWhenUnearned('cards.card.fields', elsewhere, judges)).toBe(elsewhere);
    const read = new RuleViolation('cards.transactions.window-age', 'answered 200', [
      tooLarge('http://127.0.0.1:9/cards/v1/transactions'),
      jsonExchange(200, { transactions: [] }),
    ]);
    expect(blockedWhenUnearned('cards.transactions.window-age', read, judges)).toBe(read);
  });

  it('the rule whose request opened the breaker fails, though its route read the unanswered page as blocked', () => {
    const blocked = new RuleBlocked(['custody.cursor.first-last-without-token'], 'FIRST gave no cursor page', []);
    expect(failedWhenLeftUnanswered('custody.cursor.token-encoding', blocked)).toBe(blocked);
    noteLeftUnanswered('custody.cursor.token-encoding');
    const failed = failedWhenLeftUnanswered('custody.cursor.token-encoding', blocked);
    expect(failed).toBeInstanceOf(RuleViolation);
    expect((failed as RuleViolation).message).toMatch(/^The target stopped answering this rule's requests/);
  });

  it('a rule left unanswered in one run is not in the next run a reused worker serves', () => {
    const blocked = new RuleBlocked(['cdr.list.envelope'], 'no page', []);
    noteLeftUnanswered('cdr.links.valid', 'run-1');
    expect(failedWhenLeftUnanswered('cdr.links.valid', blocked, 'run-1')).toBeInstanceOf(RuleViolation);
    expect(failedWhenLeftUnanswered('cdr.links.valid', blocked, 'run-2')).toBe(blocked);
    noteLeftUnanswered('cdr.list.brand', 'run-2');
    expect(failedWhenLeftUnanswered('cdr.links.valid', blocked, 'run-1')).toBe(blocked);
    expect(failedWhenLeftUnanswered('cdr.list.brand', blocked, 'run-2')).toBeInstanceOf(RuleViolation);
  });

  it('a block with no exchange (a probe that heard nothing) fails with the unanswered exchange that opened the breaker', () => {
    const heardNothing = new RuleBlocked(['exchange.envelope.success-code'], 'the probe got no answer at all', []);
    const silence = failedExchange('TIMEOUT');
    asRule('exchange.limits.rate-limit', () => {
      noteLeftUnanswered('exchange.limits.rate-limit', 'run-3');
      noteAnswerTime(2000, silence);
    });
    const failed = failedWhenLeftUnanswered('exchange.limits.rate-limit', heardNothing, 'run-3');
    expect(failed).toBeInstanceOf(RuleViolation);
    expect((failed as RuleViolation).evidence).toEqual([silence]);
  });
});

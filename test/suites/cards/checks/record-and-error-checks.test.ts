import { judged } from '../../../checks/judged.ts';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { cardsErrorBody } from '../../../../suites/cards/checks/error-body.ts';
import { recordRuleBehind } from '../../../../suites/cards/checks/record-behind.ts';
import { recordRule } from '../../../../checks/record-rule.ts';
import { cardRecord } from '../../../../generators/cards/card-record.ts';
import { addDays } from '../../../../rules/cards/calendar.ts';
import { pagePartsToPage } from '../../../../generators/cards/transactions-page.ts';
import { transactionsPageSchema } from '../../../../rules/cards/transactions-schemas.ts';
import { cardSchema, inProgressCardSchema, inProgressStatusPlace } from '../../../../rules/cards/schemas.ts';
import { failedExchange, jsonExchange } from '../../../checks/exchanges.ts';
import { violationOf } from '../../../checks/violation.ts';
import type { RuleId } from '../../../../rules/rule-id.ts';

const [card] = fc.sample(cardRecord, { seed: 1, numRuns: 1 }) as [Record<string, unknown>];
const expectation = { record: 'GET card', schema: cardSchema, statuses: [200] };

describe('a record rule behind the rule that judges whether the record came', () => {
  const behind = { ...expectation, statusRule: 'cards.card.fields' as const };
  test('no record blocks the other rules of the record and fails the status rule; a record is judged as usual', () => {
    for (const answer of [jsonExchange(500, { errorCode: 'DOWN' }), failedExchange('TIMEOUT')]) {
      expect(() => judged(recordRuleBehind, 'cards.card.amounts')(answer, behind)).toThrow(
        expect.objectContaining({ name: 'RuleBlocked', blockedBy: ['cards.card.fields'] }),
      );
      violationOf(() => judged(recordRuleBehind, 'cards.card.fields')(answer, behind), 'cards.card.fields', [answer]);
    }
    const broken = jsonExchange(200, {
      ...card,
      cardDetails: { ...(card.cardDetails as object), formFactor: 'PHYSICAL' },
    });
    violationOf(() => judged(recordRuleBehind, 'cards.card.form-factor')(broken, behind), 'cards.card.form-factor');
    expect(judged(recordRuleBehind, 'cards.card.amounts')(broken, behind)).toEqual({ ruleId: 'cards.card.amounts' });
  });
});

describe('record-rule', () => {
  test('a valid record passes every rule; a 404 fails the rule under test', () => {
    expect(judged(recordRule, 'cards.card.amounts')(jsonExchange(200, card), expectation)).toEqual({
      ruleId: 'cards.card.amounts',
    });
    const answer = jsonExchange(404, { errorCode: 'NOT_FOUND' });
    expect(
      violationOf(() => judged(recordRule, 'cards.card.fields')(answer, expectation), 'cards.card.fields', [answer])
        .message,
    ).toContain('answered 404');
  });
  test('an issue fails only the rule it names, with its path; extra fields are tolerated', () => {
    const broken = jsonExchange(200, {
      ...card,
      extra: true,
      cardDetails: { ...(card.cardDetails as object), formFactor: 'PHYSICAL' },
    });
    expect(
      violationOf(() => judged(recordRule, 'cards.card.form-factor')(broken, expectation), 'cards.card.form-factor')
        .message,
    ).toContain('cardDetails.formFactor');
    expect(judged(recordRule, 'cards.card.fields')(broken, expectation).ruleId).toBe('cards.card.fields');
  });
  test('an IN_PROGRESS card with more than three fields fails the in-progress rule', () => {
    const schema = { record: 'GET card', schema: inProgressCardSchema, statuses: [200] };
    expect(
      judged(recordRule, 'cards.card.in-progress')(
        jsonExchange(200, { cardId: 'c', accountId: 'a', status: 'IN_PROGRESS', other: 1 }),
        schema,
      ).ruleId,
    ).toBe('cards.card.in-progress');
    violationOf(
      () =>
        judged(recordRule, 'cards.card.in-progress')(
          jsonExchange(200, { cardId: 'c', accountId: 'a', status: 'IN_PROGRESS', cardDetails: {} }),
          schema,
        ),
      'cards.card.in-progress',
    );
    violationOf(
      () =>
        judged(recordRule, 'cards.card.in-progress')(jsonExchange(200, { cardId: 'c', status: 'IN_PROGRESS' }), schema),
      'cards.card.in-progress',
    );
  });
  test('validFromDate the day before cardCreationDate passes (a day in another time zone); two days before fails', () => {
    const expectation = { record: 'GET card', schema: cardSchema, statuses: [200] };
    const created = (card.cardDetails as { cardCreationDate: string }).cardCreationDate;
    const withFrom = (days: number) =>
      jsonExchange(200, {
        ...card,
        spendControls: { ...(card.spendControls as object), validFromDate: addDays(created, days) },
      });
    expect(judged(recordRule, 'cards.card.valid-from')(withFrom(-1), expectation).ruleId).toBe('cards.card.valid-from');
    violationOf(() => judged(recordRule, 'cards.card.valid-from')(withFrom(-2), expectation), 'cards.card.valid-from');
  });
  test('an IN_PROGRESS card may show its status in cardDetails, holding nothing else (status is a CardDetails field)', () => {
    const schema = { record: 'GET card', schema: inProgressCardSchema, statuses: [200] };
    expect(
      judged(recordRule, 'cards.card.in-progress')(
        jsonExchange(200, { cardId: 'c', accountId: 'a', cardDetails: { status: 'IN_PROGRESS' } }),
        schema,
      ).ruleId,
    ).toBe('cards.card.in-progress');
    expect(inProgressStatusPlace({ cardId: 'c', accountId: 'a', cardDetails: { status: 'IN_PROGRESS' } })).toBe(
      'cardDetails.status',
    );
    expect(inProgressStatusPlace({ cardId: 'c', accountId: 'a', status: 'IN_PROGRESS' })).toBe('status');
    violationOf(
      () =>
        judged(recordRule, 'cards.card.in-progress')(
          jsonExchange(200, {
            cardId: 'c',
            accountId: 'a',
            cardDetails: { status: 'IN_PROGRESS', cardLastFive: '12345' },
          }),
          schema,
        ),
      'cards.card.in-progress',
    );
    violationOf(
      () =>
        judged(recordRule, 'cards.card.in-progress')(
          jsonExchange(200, { cardId: 'c', accountId: 'a', cardDetails: { status: 'ACTIVE' } }),
          schema,
        ),
      'cards.card.in-progress',
    );
    violationOf(
      () => judged(recordRule, 'cards.card.in-progress')(jsonExchange(200, { cardId: 'c', accountId: 'a' }), schema),
      'cards.card.in-progress',
    );
  });
});

describe('cards-error-body', () => {
  const judge = (status: number, body: unknown, operation: string, ruleId: RuleId) =>
    judged(cardsErrorBody, ruleId)(jsonExchange(status, body), { operation });
  test('400 with errors items of code and message passes; without message fails, except on GET transactions', () => {
    expect(
      judge(400, { errors: [{ code: 'X', message: 'y', extra: 1 }] }, 'GET card', 'cards.errors.bad-request-body')
        .ruleId,
    ).toBe('cards.errors.bad-request-body');
    violationOf(
      () => judge(400, { errors: [{ code: 'X' }] }, 'GET card', 'cards.errors.bad-request-body'),
      'cards.errors.bad-request-body',
    );
    expect(judge(400, { errors: [{}] }, 'GET transactions', 'cards.errors.bad-request-body').ruleId).toBe(
      'cards.errors.bad-request-body',
    );
    violationOf(
      () => judge(400, { message: 'no' }, 'GET transactions', 'cards.errors.bad-request-body'),
      'cards.errors.bad-request-body',
    );
  });
  test('400 of DELETE account and every other error status need errorCode', () => {
    expect(judge(400, { errorCode: 'X' }, 'DELETE account', 'cards.errors.error-code-body').ruleId).toBe(
      'cards.errors.error-code-body',
    );
    violationOf(
      () => judge(400, { errors: [{ code: 'X', message: 'y' }] }, 'DELETE account', 'cards.errors.error-code-body'),
      'cards.errors.error-code-body',
    );
    violationOf(
      () => judge(404, { code: 'X' }, 'GET card', 'cards.errors.error-code-body'),
      'cards.errors.error-code-body',
    );
    violationOf(
      () => judge(503, { errorCode: 'X', errorDescription: 5 }, 'GET card', 'cards.errors.error-code-body'),
      'cards.errors.error-code-body',
    );
    // A 404 is not the bad-request rule's business, nor is a success.
    expect(judge(404, { code: 'X' }, 'GET card', 'cards.errors.bad-request-body').ruleId).toBe(
      'cards.errors.bad-request-body',
    );
    expect(judge(200, {}, 'GET card', 'cards.errors.error-code-body').ruleId).toBe('cards.errors.error-code-body');
  });
});

describe('transaction items: "transactionAmount {value string (negative for credits) ..."', () => {
  const page = pagePartsToPage({ totalCount: 3, pageSize: 3, pageNumber: 1 });
  const items = { record: 'GET transactions', schema: transactionsPageSchema, statuses: [200] };
  const judge = (...extra: Record<string, unknown>[]) =>
    judged(recordRule, 'cards.transactions.items')(
      jsonExchange(200, { ...page, transactions: [...page.transactions, ...extra] }),
      items,
    );
  const amount = (value: unknown) => ({ value, currency: 'USD' });
  test('a CREDIT with a negative value passes; a CHARGE of either sign, an item of no type, a value not a number are not judged', () => {
    expect(
      judge(
        { transactionType: 'CREDIT', transactionAmount: amount('-0.00') },
        { transactionType: 'CHARGE', transactionAmount: amount('-12.00') },
        { transactionAmount: amount('12.00') },
        { transactionType: 'CREDIT', transactionAmount: amount('USD twelve') },
        { transactionType: 'CREDIT', localAmount: amount('12.00') },
      ).ruleId,
    ).toBe('cards.transactions.items');
  });
  test('a CREDIT with a positive or unsigned value fails, naming transactionAmount.value', () => {
    for (const value of ['12.50', '+12.50', '0']) {
      expect(
        violationOf(
          () => judge({ transactionType: 'CREDIT', transactionAmount: amount(value) }),
          'cards.transactions.items',
        ).message,
      ).toContain('transactionAmount.value');
    }
  });
});

import { judged } from '../judged.ts';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { cardsErrorBody } from '../../../checks/cards/error-body.ts';
import { recordRuleBehind } from '../../../checks/cards/record-behind.ts';
import { recordRule } from '../../../checks/record-rule.ts';
import { cardRecord } from '../../../generators/cards/card-record.ts';
import { addDays } from '../../../rules/cards/calendar.ts';
import { cardsRuleIds as id } from '../../../rules/cards/ids.ts';
import { cardSchema, inProgressCardSchema, inProgressStatusPlace } from '../../../rules/cards/schemas.ts';
import { failedExchange, jsonExchange } from '../exchanges.ts';
import { violationOf } from '../violation.ts';
import type { RuleId } from '../../../rules/rule-id.ts';

const [card] = fc.sample(cardRecord, { seed: 1, numRuns: 1 }) as [Record<string, unknown>];
const expectation = { record: 'GET card', schema: cardSchema, statuses: [200] };

describe('a record rule behind the rule that judges whether the record came', () => {
  const behind = { ...expectation, statusRule: id.cardFields };
  test('no record blocks the other rules of the record and fails the status rule; a record is judged as usual', () => {
    for (const answer of [jsonExchange(500, { errorCode: 'DOWN' }), failedExchange('TIMEOUT')]) {
      expect(() => judged(recordRuleBehind, id.cardAmounts)(answer, behind)).toThrow(
        expect.objectContaining({ name: 'RuleBlocked', blockedBy: [id.cardFields] }),
      );
      violationOf(() => judged(recordRuleBehind, id.cardFields)(answer, behind), id.cardFields, [answer]);
    }
    const broken = jsonExchange(200, { ...card, cardDetails: { ...(card.cardDetails as object), formFactor: 'BOTH' } });
    violationOf(() => judged(recordRuleBehind, id.formFactor)(broken, behind), id.formFactor);
    expect(judged(recordRuleBehind, id.cardAmounts)(broken, behind)).toEqual({ ruleId: id.cardAmounts });
  });
});

describe('record-rule', () => {
  test('a valid record passes every rule; a 404 fails the rule under test', () => {
    expect(judged(recordRule, id.cardAmounts)(jsonExchange(200, card), expectation)).toEqual({
      ruleId: id.cardAmounts,
    });
    const answer = jsonExchange(404, { errorCode: 'NOT_FOUND' });
    expect(
      violationOf(() => judged(recordRule, id.cardFields)(answer, expectation), id.cardFields, [answer]).message,
    ).toContain('answered 404');
  });
  test('an issue fails only the rule it names, with its path; extra fields are tolerated', () => {
    const broken = jsonExchange(200, {
      ...card,
      extra: true,
      cardDetails: { ...(card.cardDetails as object), formFactor: 'BOTH' },
    });
    expect(violationOf(() => judged(recordRule, id.formFactor)(broken, expectation), id.formFactor).message).toContain(
      'cardDetails.formFactor',
    );
    expect(judged(recordRule, id.cardFields)(broken, expectation).ruleId).toBe(id.cardFields);
  });
  test('an IN_PROGRESS card with more than three fields fails the in-progress rule', () => {
    const schema = { record: 'GET card', schema: inProgressCardSchema, statuses: [200] };
    expect(
      judged(recordRule, id.inProgress)(
        jsonExchange(200, { cardId: 'c', accountId: 'a', status: 'IN_PROGRESS', other: 1 }),
        schema,
      ).ruleId,
    ).toBe(id.inProgress);
    violationOf(
      () =>
        judged(recordRule, id.inProgress)(
          jsonExchange(200, { cardId: 'c', accountId: 'a', status: 'IN_PROGRESS', cardDetails: {} }),
          schema,
        ),
      id.inProgress,
    );
    violationOf(
      () => judged(recordRule, id.inProgress)(jsonExchange(200, { cardId: 'c', status: 'IN_PROGRESS' }), schema),
      id.inProgress,
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
    expect(judged(recordRule, id.validFrom)(withFrom(-1), expectation).ruleId).toBe(id.validFrom);
    violationOf(() => judged(recordRule, id.validFrom)(withFrom(-2), expectation), id.validFrom);
  });
  test('an IN_PROGRESS card may show its status in cardDetails, holding nothing else (status is a CardDetails field)', () => {
    const schema = { record: 'GET card', schema: inProgressCardSchema, statuses: [200] };
    expect(
      judged(recordRule, id.inProgress)(
        jsonExchange(200, { cardId: 'c', accountId: 'a', cardDetails: { status: 'IN_PROGRESS' } }),
        schema,
      ).ruleId,
    ).toBe(id.inProgress);
    expect(inProgressStatusPlace({ cardId: 'c', accountId: 'a', cardDetails: { status: 'IN_PROGRESS' } })).toBe(
      'cardDetails.status',
    );
    expect(inProgressStatusPlace({ cardId: 'c', accountId: 'a', status: 'IN_PROGRESS' })).toBe('status');
    violationOf(
      () =>
        judged(recordRule, id.inProgress)(
          jsonExchange(200, {
            cardId: 'c',
            accountId: 'a',
            cardDetails: { status: 'IN_PROGRESS', cardLastFive: '12345' },
          }),
          schema,
        ),
      id.inProgress,
    );
    violationOf(
      () =>
        judged(recordRule, id.inProgress)(
          jsonExchange(200, { cardId: 'c', accountId: 'a', cardDetails: { status: 'ACTIVE' } }),
          schema,
        ),
      id.inProgress,
    );
    violationOf(
      () => judged(recordRule, id.inProgress)(jsonExchange(200, { cardId: 'c', accountId: 'a' }), schema),
      id.inProgress,
    );
  });
});

describe('cards-error-body', () => {
  const judge = (status: number, body: unknown, operation: string, ruleId: RuleId) =>
    judged(cardsErrorBody, ruleId)(jsonExchange(status, body), { operation });
  test('400 with errors items of code and message passes; without message fails, except on GET transactions', () => {
    expect(
      judge(400, { errors: [{ code: 'X', message: 'y', extra: 1 }] }, 'GET card', id.errorsBadRequest).ruleId,
    ).toBe(id.errorsBadRequest);
    violationOf(() => judge(400, { errors: [{ code: 'X' }] }, 'GET card', id.errorsBadRequest), id.errorsBadRequest);
    expect(judge(400, { errors: [{}] }, 'GET transactions', id.errorsBadRequest).ruleId).toBe(id.errorsBadRequest);
    violationOf(() => judge(400, { message: 'no' }, 'GET transactions', id.errorsBadRequest), id.errorsBadRequest);
  });
  test('400 of DELETE account and every other error status need errorCode', () => {
    expect(judge(400, { errorCode: 'X' }, 'DELETE account', id.errorsErrorCode).ruleId).toBe(id.errorsErrorCode);
    violationOf(
      () => judge(400, { errors: [{ code: 'X', message: 'y' }] }, 'DELETE account', id.errorsErrorCode),
      id.errorsErrorCode,
    );
    violationOf(() => judge(404, { code: 'X' }, 'GET card', id.errorsErrorCode), id.errorsErrorCode);
    violationOf(
      () => judge(503, { errorCode: 'X', errorDescription: 5 }, 'GET card', id.errorsErrorCode),
      id.errorsErrorCode,
    );
    // A 404 is not the bad-request rule's business, nor is a success.
    expect(judge(404, { code: 'X' }, 'GET card', id.errorsBadRequest).ruleId).toBe(id.errorsBadRequest);
    expect(judge(200, {}, 'GET card', id.errorsErrorCode).ruleId).toBe(id.errorsErrorCode);
  });
});

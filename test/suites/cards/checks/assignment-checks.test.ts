import { judged } from '../../../checks/judged.ts';
import { describe, expect, test } from 'vitest';
import { assignmentOutcome, assignmentResponse, walletUnchanged } from '../../../../suites/cards/checks/assignment.ts';
import { authorizationsLimit, authorizationsOfCard } from '../../../../suites/cards/checks/authorizations.ts';
import { jsonExchange } from '../../../checks/exchanges.ts';
import { violationOf } from '../../../checks/violation.ts';

const rule = 'cards.test.rule';
const card = (cardUserId?: string, digitalWalletProvisionable?: boolean) =>
  jsonExchange(200, {
    cardId: 'c1',
    ...(cardUserId ? { cardUserId } : {}),
    cardDetails: {
      status: 'ACTIVE',
      ...(digitalWalletProvisionable === undefined ? {} : { digitalWalletProvisionable }),
    },
  });
const base = { why: 'a case', cardUserId: 'u1', before: undefined };

describe('assignment checks', () => {
  test('an allowed assignment must answer 200 and show on the card', () => {
    judged(assignmentOutcome, rule)({ ...base, patch: jsonExchange(200, {}), after: card('u1'), accepted: true });
    violationOf(
      () => judged(assignmentOutcome, rule)({ ...base, patch: jsonExchange(400, {}), after: card(), accepted: true }),
      rule,
    );
    violationOf(
      () => judged(assignmentOutcome, rule)({ ...base, patch: jsonExchange(200, {}), after: card(), accepted: true }),
      rule,
    );
  });
  test('a forbidden one must be refused and leave the card as it was, even when the answer says 4xx', () => {
    judged(assignmentOutcome, rule)({ ...base, patch: jsonExchange(400, {}), after: card(), accepted: false });
    violationOf(
      () =>
        judged(assignmentOutcome, rule)({ ...base, patch: jsonExchange(200, {}), after: card('u1'), accepted: false }),
      rule,
    );
    expect(
      violationOf(
        () =>
          judged(
            assignmentOutcome,
            rule,
          )({ ...base, patch: jsonExchange(400, {}), after: card('u1'), accepted: false }),
        rule,
      ).message,
    ).toContain('now shows card user u1');
    judged(
      assignmentOutcome,
      rule,
    )({ ...base, before: 'u0', patch: jsonExchange(400, {}), after: card('u0'), accepted: false });
  });
  test('the wallet preference of an assigned card stays as it was', () => {
    judged(walletUnchanged, rule)({ patch: jsonExchange(400, {}), after: card('u0', true), before: true, why: 'x' });
    judged(
      walletUnchanged,
      rule,
    )({
      patch: jsonExchange(200, { digitalWalletProvisionable: true }),
      after: card('u0', true),
      before: true,
      why: 'x',
    });
    violationOf(
      () =>
        judged(
          walletUnchanged,
          rule,
        )({
          patch: jsonExchange(200, { digitalWalletProvisionable: false }),
          after: card('u0', true),
          before: true,
          why: 'x',
        }),
      rule,
    );
    violationOf(
      () =>
        judged(
          walletUnchanged,
          rule,
        )({ patch: jsonExchange(400, {}), after: card('u0', false), before: true, why: 'x' }),
      rule,
    );
  });
  test('the 200 of an assignment carries the three fields as asked; null is a value, absence is not', () => {
    const id = 'cards.assign.response';
    const asked = { cardId: 'c1', cardUserId: 'u1', digitalWalletProvisionable: null };
    judged(assignmentResponse, id)({ patch: jsonExchange(200, { ...asked, extra: 1 }), ...asked });
    violationOf(
      () => judged(assignmentResponse, id)({ patch: jsonExchange(200, { cardId: 'c1', cardUserId: 'u1' }), ...asked }),
      id,
    );
    violationOf(
      () => judged(assignmentResponse, id)({ patch: jsonExchange(200, { ...asked, cardUserId: 'u2' }), ...asked }),
      id,
    );
  });
  test('sent null, the answer may carry a boolean (observed); sent a boolean, it must carry that boolean', () => {
    const id = 'cards.assign.response';
    const asked = { cardId: 'c1', cardUserId: 'u1', digitalWalletProvisionable: null };
    const answered = judged(
      assignmentResponse,
      id,
    )({
      patch: jsonExchange(200, { ...asked, digitalWalletProvisionable: false }),
      ...asked,
    });
    expect(answered.observations).toEqual({ 'digitalWalletProvisionable answered to null': 'false' });
    const wallet = { ...asked, digitalWalletProvisionable: true };
    violationOf(
      () =>
        judged(
          assignmentResponse,
          id,
        )({ patch: jsonExchange(200, { ...wallet, digitalWalletProvisionable: false }), ...wallet }),
      id,
    );
  });
});

describe('authorization checks', () => {
  const items = (approved: number, declined: number, lastFive = '12345') => [
    ...Array.from({ length: approved }, () => ({ authorizationStatus: 'APPROVED', lastFive })),
    ...Array.from({ length: declined }, () => ({ authorizationStatus: 'declined', lastFive })),
  ];
  test('at most 100, at most 50 of each outcome, whatever the case of the status', () => {
    judged(authorizationsLimit, rule)(jsonExchange(200, { cardId: 'c1', authorizationDetails: items(50, 50) }));
    violationOf(
      () => judged(authorizationsLimit, rule)(jsonExchange(200, { cardId: 'c1', authorizationDetails: items(51, 10) })),
      rule,
    );
    violationOf(
      () => judged(authorizationsLimit, rule)(jsonExchange(200, { cardId: 'c1', authorizationDetails: items(10, 51) })),
      rule,
    );
    violationOf(() => judged(authorizationsLimit, rule)(jsonExchange(404, { errorCode: 'X' })), rule);
  });
  test('the card asked for: its cardId and its last five digits', () => {
    judged(
      authorizationsOfCard,
      rule,
    )({
      exchange: jsonExchange(200, { cardId: 'c1', authorizationDetails: items(3, 3) }),
      cardId: 'c1',
      lastFive: '12345',
    });
    violationOf(
      () =>
        judged(
          authorizationsOfCard,
          rule,
        )({ exchange: jsonExchange(200, { cardId: 'c2', authorizationDetails: [] }), cardId: 'c1', lastFive: '12345' }),
      rule,
    );
    violationOf(
      () =>
        judged(
          authorizationsOfCard,
          rule,
        )({
          exchange: jsonExchange(200, {
            cardId: 'c1',
            authorizationDetails: [...items(2, 0), ...items(0, 1, '99999')],
          }),
          cardId: 'c1',
          lastFive: '12345',
        }),
      rule,
    );
  });
  test('what other rules judge is read leniently: no list blocks the card rule behind the limit rule, odd items are skipped', () => {
    const refused = jsonExchange(404, { errorCode: 'X' });
    expect(() => judged(authorizationsOfCard, rule)({ exchange: refused, cardId: 'c1', lastFive: '12345' })).toThrow(
      expect.objectContaining({ name: 'RuleBlocked', blockedBy: ['cards.authorizations.limit'] }),
    );
    judged(
      authorizationsOfCard,
      rule,
    )({ exchange: jsonExchange(200, { cardId: 'c1', authorizationDetails: 'none' }), cardId: 'c1', lastFive: '12345' });
    judged(
      authorizationsOfCard,
      rule,
    )({
      exchange: jsonExchange(200, { cardId: 'c1', authorizationDetails: [null, 7, ...items(1, 1)] }),
      cardId: 'c1',
      lastFive: '12345',
    });
    judged(
      authorizationsLimit,
      rule,
    )(jsonExchange(200, { cardId: 'c1', authorizationDetails: [null, 7, ...items(1, 1)] }));
    violationOf(
      () => judged(authorizationsLimit, rule)(jsonExchange(200, { cardId: 'c1', authorizationDetails: 'none' })),
      rule,
    );
  });
});

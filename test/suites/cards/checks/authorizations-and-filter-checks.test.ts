import { describe, expect, test } from 'vitest';
import { authorizationsMostRecent } from '../../../../suites/cards/checks/authorizations-most-recent.ts';
import { idRefused } from '../../../../suites/cards/checks/id-refused.ts';
import { exchange, jsonExchange } from '../../../checks/exchanges.ts';
import { judged } from '../../../checks/judged.ts';
import { violationOf } from '../../../checks/violation.ts';

describe('id-refused, a GET transactions filter naming nothing', () => {
  const filtered = (status: number, body: unknown) => ({
    filtered: jsonExchange(status, body),
    filter: 'cardId harness-unknown-1',
    success: [200, 206],
  });
  const check = judged(idRefused, 'cards.ids.unknown');
  test('a refusal of the listed statuses or a page without transactions passes, which one observed', () => {
    expect(check(filtered(404, { errorCode: 'NOT_FOUND' }), [400, 404]).observations).toMatchObject({ status: 404 });
    expect(check(filtered(200, { paginationDetails: {}, transactions: [] }), [400, 404]).observations).toMatchObject({
      status: 200,
      answered: 'a page without transactions',
    });
  });
  test('a page showing transactions, or another refusal, fails', () => {
    expect(
      violationOf(() => check(filtered(206, { transactions: [{ cardId: 'x' }] }), [400, 404]), 'cards.ids.unknown')
        .message,
    ).toContain('answered 206 with 1 transactions');
    violationOf(() => check(filtered(500, { errorCode: 'DOWN' }), [400, 404]), 'cards.ids.unknown');
  });
});

describe('authorizations-most-recent', () => {
  const approved = (authorizationId: string, authorizationDate: string) => ({
    authorizationId,
    authorizationStatus: 'APPROVED',
    authorizationDate,
  });
  const charge = (authorizationId: string, authorizationDate: string) => ({
    authorizationId,
    authorizationDate,
    transactionType: 'CHARGE',
  });
  const check = judged(authorizationsMostRecent, 'cards.authorizations.most-recent');
  const observed = (returned: unknown[], charges: unknown[]) => ({
    cardId: 'card-1',
    authorizations: jsonExchange(200, { cardId: 'card-1', authorizationDetails: returned }),
    transactions: [jsonExchange(200, { transactions: charges })],
  });
  test('left-out approved authorizations older than those returned, or a day newer, pass', () => {
    const returned = [approved('a3', '2026-03-10'), approved('a2', '2026-03-09')];
    expect(
      check(observed(returned, [charge('a3', '2026-03-10'), charge('a1', '2026-03-01'), charge('a0', '2026-03-10')]))
        .observations,
    ).toMatchObject({ oldestApprovedReturned: '2026-03-09' });
  });
  test('an approved authorization a CHARGE names, left out and newer, fails', () => {
    const returned = [approved('a1', '2026-03-01')];
    const charges = [charge('a9', '2026-03-05'), charge('a1', '2026-03-01')];
    expect(violationOf(() => check(observed(returned, charges)), 'cards.authorizations.most-recent').message).toContain(
      'left out the approved authorization a9',
    );
  });
  test('the charges of later pages count as well', () => {
    const returned = [approved('a1', '2026-03-01')];
    const pages = [
      jsonExchange(200, { transactions: [charge('a9', '2026-03-05')] }),
      jsonExchange(200, { transactions: [charge('a1', '2026-03-01')] }),
    ];
    violationOf(
      () => check({ cardId: 'card-1', authorizations: observed(returned, []).authorizations, transactions: pages }),
      'cards.authorizations.most-recent',
    );
  });
  test('charges naming no authorization the list returns are observed: the document does not link the two', () => {
    const returned = [approved('AUTH-1', '2026-03-01')];
    expect(
      check(observed(returned, [charge('PROC-9', '2026-03-05'), charge('PROC-8', '2026-03-04')])).observations,
    ).toMatchObject({ judged: expect.stringContaining('does not link the two') });
  });
  test('nothing to compare is observed, and no list blocks the rule behind the limit rule', () => {
    expect(check(observed([], [charge('a9', '2026-03-05')])).observations).toMatchObject({
      judged: 'no approved authorization with a date returned',
    });
    expect(() =>
      check({ cardId: 'card-1', authorizations: exchange({ status: 503 }), transactions: [jsonExchange(200, {})] }),
    ).toThrow(expect.objectContaining({ name: 'RuleBlocked', blockedBy: ['cards.authorizations.limit'] }));
  });
});

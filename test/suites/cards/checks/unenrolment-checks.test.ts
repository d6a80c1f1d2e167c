import { judged } from '../../../checks/judged.ts';
import { describe, expect, test } from 'vitest';
import {
  cardStatusKept,
  noUnenrolmentNotification,
  unenrolResponse,
} from '../../../../suites/cards/checks/unenrolment.ts';
import { jsonExchange } from '../../../checks/exchanges.ts';
import { violationOf } from '../../../checks/violation.ts';

const card = (status: string) => jsonExchange(200, { cardId: 'c1', cardDetails: { status } });

describe('unenrolment checks', () => {
  test('DELETE account answers its accountId and INACTIVE', () => {
    const id = 'cards.unenrol.response';
    judged(
      unenrolResponse,
      id,
    )({ exchange: jsonExchange(200, { accountId: 'a1', status: 'INACTIVE' }), accountId: 'a1' });
    violationOf(
      () =>
        judged(
          unenrolResponse,
          id,
        )({ exchange: jsonExchange(200, { accountId: 'a1', status: 'CLOSED' }), accountId: 'a1' }),
      id,
    );
    violationOf(
      () =>
        judged(
          unenrolResponse,
          id,
        )({ exchange: jsonExchange(200, { accountId: 'a2', status: 'INACTIVE' }), accountId: 'a1' }),
      id,
    );
  });
  test('a card still shown keeps its status; a card no longer shown is observed', () => {
    const rule = 'cards.test.rule';
    judged(cardStatusKept, rule)({ before: card('ACTIVE'), after: card('ACTIVE'), cardId: 'c1' });
    expect(
      judged(
        cardStatusKept,
        rule,
      )({ before: card('ACTIVE'), after: jsonExchange(404, { errorCode: 'X' }), cardId: 'c1' }).observations,
    ).toEqual({ 'card c1 after unenrolment': 'not shown (404)' });
    violationOf(
      () => judged(cardStatusKept, rule)({ before: card('ACTIVE'), after: card('INACTIVE'), cardId: 'c1' }),
      rule,
    );
  });
  test('a notification about a card of the account after the unenrolment fails, unless it was there before', () => {
    const rule = 'cards.test.rule';
    const about = (cardId: string) => jsonExchange(200, { notificationId: `n-${cardId}`, cardId });
    judged(noUnenrolmentNotification, rule)({ before: about('other'), after: about('other'), cardIds: ['c1'] });
    judged(noUnenrolmentNotification, rule)({ before: about('c1'), after: about('c1'), cardIds: ['c1'] });
    violationOf(
      () => judged(noUnenrolmentNotification, rule)({ before: about('other'), after: about('c1'), cardIds: ['c1'] }),
      rule,
    );
  });
});

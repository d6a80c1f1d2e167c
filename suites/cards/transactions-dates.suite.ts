import type { WindowExpectation } from './checks/transactions-walk-checks.ts';
import type { Verdict } from '../../engine/rule-violation.ts';
import type { Exchange } from '../../client/http-exchange.ts';
import { type TransactionsWalk, walkTransactions } from './checks/transactions-walk.ts';
import type { TransactionsQuery } from './client/cards-client.ts';
import { addDays, defaultWindow } from '../../rules/cards/calendar.ts';
import { defaultWindowDays } from '../../rules/cards/limits.ts';
import { transactionDay, transactionKey } from '../../rules/cards/transactions-schemas.ts';
import type { Gen } from '../../generators/gen.ts';
import { windowAgeCases, windowSpanCases, type WindowCase } from '../../generators/cards/transactions-window.ts';
import { forAll } from '../support/for-all.ts';
import { ruleTest, useCardsSession } from './support/cards-session.ts';
import { runDays } from './support/run-clock.ts';
import { transactionScopes } from './support/transaction-scopes.ts';
import { describeQuery, walkTransactionPages } from './support/walk-transactions.ts';

const session = useCardsSession();
const max = (a: string, b: string) => (a > b ? a : b);
const min = (a: string, b: string) => (a < b ? a : b);

/** An edge rule's bound check (transactions-edge-request). */
type JudgeEdge = (exchange: Exchange, expected: { accepted: boolean; why: string }) => Verdict;
/** A window rule's bound check (transactions-in-window). */
type JudgeWindow = (observed: { walk: TransactionsWalk; expected: WindowExpectation }) => Verdict;

/**
 * Sends each case for each scope (the history and empty accounts, a card) and judges it accepted or refused with the
 * rule's check.
 */
async function edgeCases(check: JudgeEdge, cases: { query: TransactionsQuery; accepted: boolean; why: string }[]) {
  const { client, section } = session();
  const scopes = await transactionScopes(client, section);
  return Promise.all(
    scopes.flatMap((scope) =>
      cases.map(async ({ query, accepted, why }) =>
        check(await client.getTransactions({ ...scope, ...query }), {
          accepted,
          why: `${describeQuery(scope)}: ${why}`,
        }),
      ),
    ),
  );
}

ruleTest('cards.transactions.dates-together', ({ check }) => {
  const { today, oldestAccepted } = runDays();
  return edgeCases(
    check,
    [addDays(today, -5), addDays(oldestAccepted, 3)].flatMap((day) => [
      { query: { startDate: day }, accepted: false, why: `startDate ${day} without endDate` },
      { query: { endDate: day }, accepted: false, why: `endDate ${day} without startDate` },
    ]),
  );
});

ruleTest('cards.transactions.parameter-formats', ({ check }) => {
  const { today } = runDays();
  const from = addDays(today, -10);
  const slashed = today.replaceAll('-', '/');
  const dayFirst = `${today.slice(8)}-${today.slice(5, 7)}-${today.slice(0, 4)}`;
  const refused = (query: TransactionsQuery, why: string) => ({ query, accepted: false, why });
  return edgeCases(check, [
    refused({ startDate: from, endDate: slashed }, `endDate ${slashed}`),
    refused({ startDate: from, endDate: dayFirst }, `endDate ${dayFirst}`),
    refused(
      { startDate: `${today.slice(0, 5)}02-30`, endDate: `${today.slice(0, 5)}03-02` },
      'startDate a day that does not exist (February 30)',
    ),
    refused({ pageSize: 'many' }, 'pageSize many'),
    refused({ pageNumber: 'first' }, 'pageNumber first'),
  ]);
});

/** Every case of an edge generator, boundaries first, sent for every scope and judged under the rule. */
async function edgeProperty(check: JudgeEdge, gen: Gen<WindowCase>, observe: (key: string, value: unknown) => void) {
  const { client, section, property, run } = session();
  const scopes = await transactionScopes(client, section);
  const cases = await forAll(gen, property({ runs: Math.ceil(run.runs / 4) }), async ({ value, accepted, why }) => {
    await Promise.all(
      scopes.map(async (scope) =>
        check(await client.getTransactions({ ...scope, ...value }), {
          accepted,
          why: `${describeQuery(scope)}: ${why}`,
        }),
      ),
    );
  });
  observe('windows tried per scope', cases);
}

ruleTest('cards.transactions.window-age', ({ observe, check }) =>
  edgeProperty(check, windowAgeCases(runDays()), observe),
);

ruleTest('cards.transactions.window-span', ({ observe, check }) =>
  edgeProperty(check, windowSpanCases(runDays()), observe),
);

/** The scopes that have transactions: the history account and a card of it. */
async function scopesWithHistory(): Promise<TransactionsQuery[]> {
  const { client, section } = session();
  return (await transactionScopes(client, section)).filter(
    (scope) => scope.accountId !== section.fixtures.emptyAccountId,
  );
}

/**
 * Windows with a day that has transactions as their start or end date, compared with a wider window around
 * that day: each must hold exactly the wider window's transactions of its own days.
 */
async function edgeWindows(scope: TransactionsQuery, anchor: string, check: JudgeWindow) {
  const { client } = session();
  const { today, oldestAccepted } = runDays();
  const wide = { from: max(addDays(anchor, -15), oldestAccepted), to: min(addDays(anchor, 15), today) };
  const around = await walkTransactionPages(client, { ...scope, startDate: wide.from, endDate: wide.to });
  // The day with transactions nearest the anchor, strictly inside the wide window, is the edge tried.
  const days = [
    ...new Set(
      walkTransactions(around)
        .map(transactionDay)
        .filter((day): day is string => day !== undefined && day > wide.from && day < wide.to),
    ),
  ];
  const day = days.sort(
    (a, b) => Math.abs(Date.parse(a) - Date.parse(anchor)) - Math.abs(Date.parse(b) - Date.parse(anchor)),
  )[0];
  if (day === undefined) return { day, verdicts: [] };
  const verdicts = [];
  for (const edge of [
    { from: day, to: min(addDays(day, 10), wide.to) },
    { from: max(addDays(day, -10), wide.from), to: day },
  ]) {
    const walk = await walkTransactionPages(client, { ...scope, startDate: edge.from, endDate: edge.to });
    const inEdge = (item: unknown) => {
      const at = transactionDay(item);
      return at !== undefined && at >= edge.from && at <= edge.to;
    };
    const mustInclude = walkTransactions(around).filter(inEdge).map(transactionKey);
    verdicts.push(
      check({
        walk,
        expected: { ...edge, mustInclude, why: `of ${edge.from} to ${edge.to} (seen in ${wide.from} to ${wide.to})` },
      }),
    );
  }
  return { day, verdicts };
}

ruleTest('cards.transactions.dates-inclusive', async ({ observe, check }) => {
  const { today, oldestAccepted } = runDays();
  const anchors = [
    addDays(today, -1),
    addDays(today, -defaultWindowDays),
    addDays(today, -200),
    // not-a-limit: twelve days after the oldest accepted day, not the userDefinedFields limit.
    addDays(oldestAccepted, 12),
    addDays(oldestAccepted, 1),
  ];
  const results = await Promise.all(
    (await scopesWithHistory()).flatMap((scope) => anchors.map((anchor) => edgeWindows(scope, anchor, check))),
  );
  const judged = results.flatMap(({ day }) => (day === undefined ? [] : [day]));
  if (judged.length === 0)
    throw new Error(
      'the history account shows no transaction near the days tried: name an account with transactions spread over more than 18 months',
    );
  observe('edge days tried', [...new Set(judged)].sort().join(', '));
  return results.flatMap(({ verdicts }) => verdicts);
});

ruleTest('cards.transactions.default-window', async ({ observe, check }) => {
  const { client } = session();
  const { today } = runDays();
  // Rule 4's window: its first day surely, and the day before it, which one reading includes.
  const { surelyFrom: from, maybeFrom: dayBefore } = defaultWindow(today);
  const scopes = await scopesWithHistory();
  return Promise.all(
    scopes.map(async (scope) => {
      const explicit = await walkTransactionPages(client, { ...scope, startDate: dayBefore, endDate: today });
      const walk = await walkTransactionPages(client, scope);
      const mustInclude = walkTransactions(explicit)
        .filter((item) => (transactionDay(item) ?? '') >= from)
        .map(transactionKey);
      observe(
        `${describeQuery(scope)}: transactions of ${dayBefore} (${defaultWindowDays} days ago) returned`,
        walkTransactions(walk).filter((item) => transactionDay(item) === dayBefore).length,
      );
      return check({
        walk,
        expected: {
          from,
          to: today,
          toleratedFrom: dayBefore,
          mustInclude,
          why: `of ${from} to ${today} (seen with explicit dates)`,
        },
      });
    }),
  );
});

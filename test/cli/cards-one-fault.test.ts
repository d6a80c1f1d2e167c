import { afterAll, describe, expect, test } from 'vitest';
import { familyByName } from '../../families/index.ts';
import { startReferenceServer } from '../../reference/server.ts';
import type { CardsSection } from '../../suites/cards/entry/section.ts';
import { type ProxyChange, rewritingProxy } from '../support/rewriting-proxy.ts';
import { runCli, writeTargets } from '../support/run-harness-cli.ts';

/*
 * One fault, one failed rule (issue 17) for cards: a target whose transactions pages carry one field in a form
 * the page record rule rejects fails that rule and at most the rules that judge that field; every other cards
 * rule passes or is blocked, none fails with the record's message.
 */

const token = 'cards-one-fault-token-81d2';
const cards = familyByName('cards');
if (!cards) throw new Error('cards is not registered');
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

/** Runs the cards suite against the reference behind a proxy that applies one change. */
async function runBehind(change: ProxyChange | ((section: CardsSection) => ProxyChange)) {
  const reference = await startReferenceServer({
    env: { REFERENCE_CARDS_TOKEN: token },
    serve: [cards as NonNullable<typeof cards>],
  });
  closers.push(() => reference.close());
  let section: CardsSection | undefined;
  const proxy = await rewritingProxy(
    reference.origin,
    typeof change === 'function'
      ? { answer: (req, res) => change(section as CardsSection).answer?.(req, res) ?? false }
      : change,
  );
  closers.push(() => proxy.close());
  section = cards?.reference.targetSection(`${proxy.origin}/cards/v1`, 'wallet-provisioning', {
    REFERENCE_CARDS_TOKEN: '${ONE_FAULT_TOKEN}',
  }) as CardsSection;
  const targets = writeTargets({ faulty: { kind: 'url', families: { cards: section } } });
  return runCli(
    ['run', '--targets', targets, '--target', 'faulty', '--suite', 'cards', '--seed', '11', '--runs', '5'],
    { ONE_FAULT_TOKEN: token, CI: 'true' },
  );
}

/** Runs the cards suite against the reference behind a proxy that rewrites every transactions page. */
function runWithPages(rewritePage: (page: Record<string, unknown>) => void) {
  return runBehind({
    rewrite: (path, body) => {
      const page = (body as { paginationDetails?: { page?: Record<string, unknown> } }).paginationDetails?.page;
      if (path.endsWith('/transactions') && page) rewritePage(page);
      return body;
    },
  });
}

describe('one fault in a cards target fails the rule that states it, and no other', () => {
  test.concurrent('pageNumber written as a string ("1"): page details fails, and the rule judging the default pageNumber; the rest passes', async () => {
    const result = await runWithPages((page) => {
      page.pageNumber = String(page.pageNumber);
    });
    expect(result.code, result.stdout.slice(-3000)).toBe(1);
    const rules = result.summary().rules;
    const failed = rules.filter((rule) => rule.status === 'failed').map((rule) => rule.ruleId);
    expect(failed, result.stdout.slice(-3000)).toContain('cards.transactions.page-details');
    expect(
      failed.filter(
        (ruleId) => !['cards.transactions.page-details', 'cards.transactions.page-number-default'].includes(ruleId),
      ),
    ).toEqual([]);
    expect(rules.filter((rule) => rule.status === 'broken')).toEqual([]);
  });

  test.concurrent('GET card of the CANCELLED cards answers 503: the Card fields rule fails; the other Card rules and eligibility are blocked by it', async () => {
    const result = await runBehind((section) => ({
      answer: (req, res) => {
        const cancelled = section.fixtures.unassignedCards.CANCELLED.map((cardId) => `/cards/v1/cards/${cardId}`);
        if (req.method !== 'GET' || !cancelled.includes(req.url ?? '')) return false;
        res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ errorCode: 'UNAVAILABLE' }));
        return true;
      },
    }));
    expect(result.code, result.stdout.slice(-3000)).toBe(1);
    const rules = result.summary().rules;
    expect(
      rules.filter((rule) => rule.status === 'failed').map((rule) => rule.ruleId),
      result.stdout.slice(-3000),
    ).toEqual(['cards.card.fields']);
    const blocked = rules.filter((rule) => rule.status === 'blocked').map((rule) => rule.ruleId);
    expect(blocked).toEqual(
      expect.arrayContaining(['cards.card.amounts', 'cards.card.form-factor', 'cards.assign.eligibility']),
    );
    expect(rules.filter((rule) => rule.status === 'broken')).toEqual([]);
  });

  test.concurrent('totalCount missing from every page: only page details fails; completeness and the walks still pass', async () => {
    const result = await runWithPages((page) => {
      delete page.totalCount;
    });
    expect(result.code, result.stdout.slice(-3000)).toBe(1);
    const rules = result.summary().rules;
    expect(
      rules.filter((rule) => rule.status === 'failed').map((rule) => rule.ruleId),
      result.stdout.slice(-3000),
    ).toEqual(['cards.transactions.page-details']);
    expect(rules.find((rule) => rule.ruleId === 'cards.transactions.walk-complete')?.status).toBe('passed');
    expect(rules.filter((rule) => rule.status === 'broken')).toEqual([]);
  });
});

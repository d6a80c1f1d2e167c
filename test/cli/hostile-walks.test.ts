import { describe, expect, test } from 'vitest';
import {
  cardsWithGrowingPageCount,
  cardsWithHugeTransactionsPages,
  hostileCdr,
  hostileCustody,
} from '../support/hostile-walkers.ts';
import {
  cardsToken,
  custodyToken,
  expectBoundedVerdict,
  failedWith,
  maxTimeSeconds,
  run,
  walkersClosedAfterAll,
} from '../support/hostile-walk-runs.ts';

/*
 * Hostile walking targets through the real CLI (issue 30): cdr holders, custody platforms and a cards target,
 * each ordinary but for one hostile mode in its pages. Modes of different families share one run (one target
 * entry with a section each). Every run ends by itself with exit 1 and valid reports, no secret in them, the
 * whole process tree under 512 MB (sampled), every walk bounded (pages counted in the servers), and the failure
 * naming what the target did.
 */

const started = walkersClosedAfterAll();

describe('hostile walking targets: a bounded verdict, naming what the target did', () => {
  test.concurrent('a cdr loop through fresh URLs, custody pages empty while hasNext stays true, a cards pageCount that grows', {
    timeout: (maxTimeSeconds + 40) * 1000,
  }, async () => {
    const cdr = await started(hostileCdr('a loop through fresh URLs', {}));
    const custody = await started(
      hostileCustody('every next page empty while hasNext stays true', custodyToken, 'HOSTILE_CUSTODY_TOKEN', {}),
    );
    const cards = await started(cardsWithGrowingPageCount(cardsToken, 'HOSTILE_CARDS_TOKEN'));
    const rules = expectBoundedVerdict(
      await run({ cdr, custody, cards }, 'cdr loop, custody empty pages, cards growing pageCount'),
    );
    const messages = JSON.stringify(rules.filter((rule) => rule.status === 'failed'));
    expect(failedWith(rules, /holds the same \d+ products as page 2/), messages).toContain(
      'cdr.pagination.walk-complete',
    );
    expect(failedWith(rules, /pages came back empty while hasNext\/hasPrevious stayed true/), messages).toContain(
      'custody.cursor.flags',
    );
    // A pageCount that grows is the links rule's fault alone; every other cards rule that reads pages is blocked by it.
    const cardsRules = rules.filter((rule) => rule.ruleId.startsWith('cards.'));
    expect(
      cardsRules.filter((rule) => rule.status === 'failed' || rule.status === 'broken').map((rule) => rule.ruleId),
      messages,
    ).toEqual(['cards.transactions.links']);
    expect(failedWith(cardsRules, /pageCount grew on each of pages/)).toEqual(['cards.transactions.links']);
    const blockedCards = cardsRules.filter((rule) => rule.status === 'blocked');
    expect(blockedCards.map((rule) => rule.ruleId)).toContain('cards.transactions.walk-complete');
    for (const rule of blockedCards) expect(rule.blockedBy, rule.ruleId).toEqual(['cards.transactions.links']);
    // Each walk stopped within a few pages of the sign, far below the page cap of 2000 (at most ~100 walks).
    expect(cdr.served()).toBeLessThan(2000);
    expect(custody.served()).toBeLessThan(2000);
    expect(cards.served()).toBeLessThan(2000);
  });

  test.concurrent('cdr endless pages of 3.2 MB at the default bounds, custody hasNext always true: each walk stops at a bound; cards pages of 500 transactions of 20 KB: one rule fails, the rest are blocked by it', {
    timeout: (maxTimeSeconds + 40) * 1000,
  }, async () => {
    const cdr = await started(hostileCdr('endless pages of 50 products of 64 KB', {}));
    const custody = await started(
      hostileCustody('hasNext always true, a new token each time', custodyToken, 'HOSTILE_CUSTODY_TOKEN', {
        maxWalkRequests: 15,
      }),
    );
    const cards = await started(cardsWithHugeTransactionsPages(cardsToken, 'HOSTILE_CARDS_TOKEN'));
    // A request timeout of 20 s instead of 5: the pages are judged on their size (the 8 MiB cap), and a busy machine
    // took more than 5 s to make, send and read 10 MB, so timeouts opened the breaker before any cap was met.
    const cardsRules = expectBoundedVerdict(await run({ cards }, 'cards 10 MB pages', maxTimeSeconds, 20_000));
    const rules = expectBoundedVerdict(
      await run({ cdr, custody }, 'cdr endless 3.2 MB pages (default bounds), custody endless (maxWalkRequests 15)'),
    );
    // A transactions page beyond the body cap is the items rule's fault; the other rules that read pages are blocked.
    const cardsFailed = cardsRules.filter((rule) => rule.status === 'failed');
    expect(
      cardsFailed.map((rule) => rule.ruleId),
      JSON.stringify(cardsFailed).slice(0, 3000),
    ).toEqual(['cards.transactions.items']);
    expect(cardsFailed[0]?.message).toMatch(/BODY_TOO_LARGE/);
    expect(cardsRules.filter((rule) => rule.status === 'blocked').map((rule) => rule.blockedBy)).not.toEqual([]);
    const messages = JSON.stringify(rules.filter((rule) => rule.status === 'failed')).slice(0, 5000);
    // The walks of a suite file hold 16 MiB of pages together at most (maxWalkBytes' default): five such pages.
    expect(
      failedWith(
        rules,
        /stopped by maxWalkBytes \(16777216, \d+ bytes of pages held by the walks of this suite file\)/,
      ),
      messages,
    ).toContain('cdr.pagination.walk-complete');
    // hasNext never false: the flags rule's fault alone; the rule on fresh tokens is blocked by it, saying the bound.
    expect(failedWith(rules, /says hasPrevious true|never turned false/), messages).toContain('custody.cursor.flags');
    const newToken = rules.find((rule) => rule.ruleId === 'custody.cursor.new-token');
    expect([newToken?.status, newToken?.blockedBy], messages).toEqual(['blocked', ['custody.cursor.flags']]);
    expect(newToken?.message).toMatch(/stopped by maxWalkRequests \(15, 15 requests\): 15 pages read in/);
    expect(cdr.served()).toBeLessThan(2000);
    expect(custody.served()).toBeLessThan(2000);
  });

  test.concurrent('cdr pages that each take 1.5 s, a custody token of 10 MB gzip-encoded: a verdict before the deadline, memory bounded', {
    timeout: (maxTimeSeconds + 40) * 1000,
  }, async () => {
    const cdr = await started(hostileCdr('pages that each take 1.5 s', { maxWalkSeconds: 4 }));
    const custody = await started(
      hostileCustody('a 10 MB token, gzip-encoded', custodyToken, 'HOSTILE_CUSTODY_TOKEN', {}),
    );
    // A request timeout of 20 s: the token is judged on its size, and a busy machine took over 5 s to read 10 MB.
    const rules = expectBoundedVerdict(
      await run(
        { cdr, custody },
        'cdr pages of 1.5 s (maxWalkSeconds 4), custody 10 MB gzip token',
        maxTimeSeconds,
        20_000,
      ),
    );
    const messages = JSON.stringify(rules.filter((rule) => rule.status === 'failed'));
    expect(
      failedWith(rules, /stopped by maxWalkSeconds \(4 s\): \d+ pages read in [\d.]+ s; pages took [\d.]+ s each/),
      messages,
    ).toContain('cdr.pagination.walk-complete');
    // The token too large to read is one rule's fault: the others that read pages are blocked by it.
    expect(failedWith(rules, /decodes to more than|BODY_TOO_LARGE/), messages.slice(0, 3000)).toEqual([
      'custody.cursor.new-token',
    ]);
    const firstLast = rules.find((rule) => rule.ruleId === 'custody.cursor.first-last-without-token');
    expect([firstLast?.status, firstLast?.blockedBy]).toEqual(['blocked', ['custody.cursor.new-token']]);
  });
});

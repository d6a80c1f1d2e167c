import { afterAll, expect, test } from 'vitest';
import { cardsRules } from '../../../rules/cards/rules.ts';
import { startDocumentService, type DocumentService } from './document-service.ts';
import { runCli, writeTargets } from '../../support/run-harness-cli.ts';

/*
 * Issue 28, every genuine fault in one run: a card-on-demand service written from document 2 (not the
 * reference; test/independent/cards/document-service.ts) with six faults at once. Each is reported by the rule
 * that states it, and the rules that read the transactions walks are still judged although a next link is
 * broken: they read the pages by the document's pageNumber parameter, so none of them is blocked.
 */

let service: DocumentService | undefined;
afterAll(() => service?.close());

test('six faults of a document-written service: one run fails each under its own rule, and blocks nothing', async () => {
  service = await startDocumentService(
    // The choices the document leaves open, taken the other way than the reference, for good measure.
    {
      unauthenticated: 403,
      inProgressPlace: 'cardDetails',
      unknownBodyUser: 400,
      malformedId: 404,
      transactions: { overLimit: 'serve-500', brokenNextAtSize7: true, fullLastPageNext: true, refundCredits: true },
    },
    { inProgressSpendControls: true, deleteUnknown400: true, notificationsAnyBearer: true },
  );
  const targets = writeTargets({ faults: { kind: 'url', families: { cards: service.section('FAULTS_TOKEN') } } });
  const result = await runCli(
    ['run', '--targets', targets, '--target', 'faults', '--suite', 'cards', '--seed', '28', '--runs', '10'],
    { FAULTS_TOKEN: service.token },
  );
  const output = result.stdout.slice(-4000);
  expect(result.code, output).toBe(1);
  const rules = result.summary().rules;
  const failed = Object.fromEntries(
    rules.filter((rule) => rule.status === 'failed').map((rule) => [rule.ruleId, rule.message ?? '']),
  );
  expect(Object.keys(failed).sort(), output).toEqual(
    [
      'cards.auth.invalid',
      'cards.card.in-progress',
      'cards.ids.unknown',
      'cards.transactions.items',
      'cards.transactions.links',
    ].sort(),
  );
  // Each message speaks of its own rule's property.
  expect(failed['cards.transactions.links']).toMatch(/next link of page 2 led to no transactions page/);
  expect(failed['cards.transactions.items']).toMatch(/transactionType/);
  expect(failed['cards.card.in-progress']).toMatch(/spendControls/);
  expect(failed['cards.ids.unknown']).toMatch(/answered 400; the documented answer is 404/);
  expect(failed['cards.auth.invalid']).toMatch(/answered 200/);
  expect(
    rules
      .filter((rule) => rule.status === 'blocked' || rule.status === 'broken')
      .map((rule) => `${rule.ruleId}: ${rule.message}`),
  ).toEqual([]);
  // The rules that need whole walks were judged, by pageNumber where the next link broke.
  for (const ruleId of [
    'cards.transactions.walk-complete',
    'cards.transactions.newest-first',
    'cards.transactions.page-details',
    'cards.transactions.link-targets',
    'cards.transactions.card-scope',
  ]) {
    expect(rules.find((rule) => rule.ruleId === ruleId)?.status, ruleId).toBe('passed');
  }
});

test('the full last page that still carries next fails the links rule on its own', async () => {
  const fullLast = await startDocumentService({ transactions: { fullLastPageNext: true } });
  try {
    const targets = writeTargets({ full: { kind: 'url', families: { cards: fullLast.section('FULL_TOKEN') } } });
    const transactionRules = cardsRules.map((rule) => rule.id).filter((id) => id.startsWith('cards.transactions.'));
    const result = await runCli(
      [
        'run',
        '--targets',
        targets,
        '--target',
        'full',
        '--suite',
        'cards',
        ...transactionRules.flatMap((rule) => ['--rule', rule]),
        '--seed',
        '28',
        '--runs',
        '5',
      ],
      { FULL_TOKEN: fullLast.token },
    );
    const rules = result.summary().rules;
    expect(
      rules.filter((rule) => rule.status === 'failed').map((rule) => rule.ruleId),
      result.stdout.slice(-3000),
    ).toEqual(['cards.transactions.links']);
    expect(rules.find((rule) => rule.ruleId === 'cards.transactions.links')?.message).toMatch(/links\.next/);
    expect(rules.filter((rule) => rule.status === 'blocked').map((rule) => rule.ruleId)).toEqual([]);
  } finally {
    await fullLast.close();
  }
});

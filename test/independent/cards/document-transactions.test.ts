import { afterAll, expect, test } from 'vitest';
import { cardsRules } from '../../../rules/cards/rules.ts';
import { startDocumentTransactions, type DocumentTransactions } from './document-transactions.ts';
import { runCli, writeTargets } from '../../support/run-harness-cli.ts';

/*
 * The GET /transactions rules of card on demand, each page's links judged from its own numbers at every page
 * size the walks use, against an operation written from document 2, part B, not from the reference
 * (test/independent/cards/document-transactions.ts). It serves that operation only, so only its rules are run, and
 * the JSON label of every answer (the other operations get a JSON 404).
 */

// The transactions rules, and the JSON label of every answer (the other operations are answered 404 with a JSON body).
const transactionRules = [
  ...cardsRules.map((rule) => rule.id).filter((id) => id.startsWith('cards.transactions.')),
  'cards.bodies.json',
];
const targets: DocumentTransactions[] = [];
afterAll(() => Promise.all(targets.map((target) => target.close())));

// Links with an opaque cursor instead of pageNumber (issue 28): a page is read by its paginationDetails, links followed
// as given.
test.each([
  ['links naming pageNumber and pageSize', {}],
  ['links carrying an opaque cursor', { cursorLinks: true }],
  ['only the required links, first and last', { onlyRequiredLinks: true }],
])(
  'GET /transactions written to the document (%s) passes every transactions rule, its answers JSON-labelled',
  async (_links, choices) => {
    const target = await startDocumentTransactions(choices);
    targets.push(target);
    const unused = (name: string) => [`${name}-unused`];
    const fixtures = {
      unassignedCards: {
        IN_PROGRESS: unused('ip'),
        ACTIVE: unused('active'),
        PREACTIVE: unused('pre'),
        INACTIVE: unused('inactive'),
        EXPIRED: unused('expired'),
        CANCELLED: unused('cancelled'),
        UNSUCCESSFUL: unused('unsuccessful'),
      },
      assignedCards: { ACTIVE: 'assigned-active-unused', PREACTIVE: 'assigned-pre-unused' },
      cardUsers: {
        ACTIVATED: 'cu-1-unused',
        VERIFICATION_PENDING: 'cu-2-unused',
        VERIFICATION_FAILED: 'cu-3-unused',
        DEACTIVATED: 'cu-4-unused',
      },
      historyAccountId: target.historyAccountId,
      emptyAccountId: target.emptyAccountId,
      manyAuthorizationsCardId: 'card-unused',
    };
    const written = writeTargets({
      transactions: {
        kind: 'url',
        families: {
          cards: { baseUrl: target.baseUrl, token: '${TRANSACTIONS_TOKEN}', walletProvisioning: false, fixtures },
        },
      },
    });
    const result = await runCli(
      [
        'run',
        '--targets',
        written,
        '--target',
        'transactions',
        '--suite',
        'cards',
        ...transactionRules.flatMap((rule) => ['--rule', rule]),
        '--seed',
        '29',
        '--runs',
        '10',
        '--workers',
        '1',
      ],
      { TRANSACTIONS_TOKEN: target.token },
    );
    const rules = result.summary().rules;
    const output = result.stdout.slice(-4000);
    expect(rules.map((rule) => rule.ruleId).sort(), output).toEqual([...transactionRules].sort());
    expect(
      rules.filter((rule) => rule.status !== 'passed').map((rule) => `${rule.ruleId}: ${rule.status} ${rule.message}`),
      output,
    ).toEqual([]);
    expect(result.code, output).toBe(0);
  },
);

import { afterAll, expect, test } from 'vitest';
import { cardsRuleIds as id } from '../../../rules/cards/ids.ts';
import { startDocumentService, type DocumentService } from './document-service.ts';
import { runCli, writeTargets } from '../../support/run-harness-cli.ts';

/*
 * Issue 29, readings no stricter than document 2: a card-on-demand service written from the document
 * (test/independent/cards/document-service.ts, not the reference) that takes the other answer wherever the
 * document lists several passes the rules that judge those answers, and the report says which answer it met:
 * 403 for a request without valid authentication (GET card, GET card user: "403 (unauthenticated)"; GET
 * transactions, GET authorizations, DELETE account list 403), 400 for a PATCH naming an unknown card user,
 * 404 for an id that cannot be one, a page of 500 for pageSize 501 ("max 500"), and an IN_PROGRESS card
 * whose status is in cardDetails ("only cardId, accountId and status are returned").
 */

const judged = [
  id.authMissing,
  id.authInvalid,
  id.unknownIds,
  id.malformedIds,
  id.inProgress,
  id.transactionsPageSizeLimit,
  id.errorsStatuses,
  id.errorsBadRequest,
  id.errorsErrorCode,
  id.bodiesJson,
];
let service: DocumentService | undefined;
afterAll(() => service?.close());

test('a service taking the other listed answer passes, and each answer met is observed', async () => {
  service = await startDocumentService({
    unauthenticated: 403,
    inProgressPlace: 'cardDetails',
    unknownBodyUser: 400,
    malformedId: 404,
    transactions: { overLimit: 'serve-500' },
  });
  const targets = writeTargets({ choices: { kind: 'url', families: { cards: service.section('CHOICES_TOKEN') } } });
  const result = await runCli(
    [
      'run',
      '--targets',
      targets,
      '--target',
      'choices',
      '--suite',
      'cards',
      ...judged.flatMap((rule) => ['--rule', rule]),
      '--seed',
      '29',
      '--runs',
      '10',
      '--workers',
      '1',
    ],
    { CHOICES_TOKEN: service.token },
  );
  const output = result.stdout.slice(-4000);
  const rules = result.summary().rules;
  expect(
    rules.filter((rule) => rule.status !== 'passed').map((rule) => `${rule.ruleId}: ${rule.status} ${rule.message}`),
    output,
  ).toEqual([]);
  expect(result.code, output).toBe(0);
  const observed = (ruleId: string) => JSON.stringify(rules.find((rule) => rule.ruleId === ruleId)?.observations ?? {});
  expect(observed(id.authInvalid)).toContain('GET card: 403, PATCH card: 401');
  expect(observed(id.authMissing)).toContain('GET transactions: 403');
  expect(observed(id.unknownIds)).toContain('PATCH card naming the user: 400');
  expect(observed(id.malformedIds)).toContain('404');
  expect(observed(id.inProgress)).toContain('cardDetails.status');
  expect(observed(id.transactionsPageSizeLimit)).toMatch(/served \(200, pageSize 500, \d+ transactions\)/);
});

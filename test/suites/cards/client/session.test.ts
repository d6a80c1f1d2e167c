import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CardsClient, queryString } from '../../../../suites/cards/client/cards-client.ts';
import { openCardsSession } from '../../../../suites/cards/client/session.ts';
import { CircuitBreaker } from '../../../../client/circuit-breaker.ts';
import { Redactor } from '../../../../core/redaction.ts';
import { cardsFamily } from '../../../../families/cards.ts';
import { startReferenceServer, type RunningReference } from '../../../../reference/server.ts';
import { cardsOperations } from '../../../../rules/cards/operations.ts';
import { cardsSectionSchema, type CardsSection } from '../../../../suites/cards/entry/section.ts';

const env: NodeJS.ProcessEnv = { REFERENCE_CARDS_TOKEN: 'cards-session-test-token' };
const client = { timeoutMs: 5000, maxBodyBytes: 1 << 20, concurrency: 4, unresponsiveAfter: 3 };
let reference: RunningReference;
let section: CardsSection;

beforeAll(async () => {
  reference = await startReferenceServer({ serve: [cardsFamily], env });
  section = cardsSectionSchema.parse(
    cardsFamily.reference.targetSection(reference.baseUrls.cards as string, 'wallet-provisioning', env),
  );
});
afterAll(() => reference.close());

describe('cards session', () => {
  test('the preflight authenticates with the entry token and the token is registered as a secret', async () => {
    const redactor = new Redactor();
    const session = openCardsSession({ section, client, redactor, breaker: new CircuitBreaker('cards', 3) });
    expect(await session.preflight()).toMatchObject({ family: 'cards', reachable: true, authenticated: true });
    expect(redactor.redactSecrets(`Bearer ${section.token}`)).toBe('Bearer ***');
    await session.close();
  });
  test('a token the target refuses as it refuses a wrong one stops the run, naming the key to edit', async () => {
    const session = openCardsSession({
      section: { ...section, token: 'not-the-token' },
      client,
      redactor: new Redactor(),
      breaker: new CircuitBreaker('cards', 3),
    });
    const report = await session.preflight();
    expect(report.problem).toContain('bearer token refused');
    expect(report.problem).toContain('as a deliberately wrong one is');
    expect(report.fixKey).toBe('token');
    await session.close();
  });
  test('ids are percent-encoded where they go, query values too, and links resolve against the transactions path', async () => {
    const cards = new CardsClient(section, client, new Redactor());
    expect(cards.urlOf(cardsOperations.getCard, "a b'<c>")).toBe(`${section.baseUrl}/cards/a%20b'%3Cc%3E`);
    expect(cards.urlOf(cardsOperations.getAuthorizations, 'c 1')).toBe(
      `${section.baseUrl}/authorizations?cardId=c%201`,
    );
    expect(queryString({ accountId: 'a&b', pageSize: 5, pageNumber: undefined })).toBe('?accountId=a%26b&pageSize=5');
    const followed = await cards.follow(`transactions?accountId=${section.fixtures.emptyAccountId}`);
    expect(followed.request.url).toBe(`${section.baseUrl}/transactions?accountId=${section.fixtures.emptyAccountId}`);
    expect(followed.response?.status).toBe(200);
    await cards.close();
  });
});

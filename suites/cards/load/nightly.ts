import { cardsChecks } from '../checks/index.ts';
import { cardsOperations, documentedStatuses, type CardsOperation } from '../../../rules/cards/operations.ts';
import { cardsRules } from '../../../rules/cards/rules.ts';
import type { CardsSection } from '../entry/section.ts';
import { observedExchange } from '../../../load/observed-exchange.ts';
import { loadJudge } from '../../../load/rule-judgement.ts';
import type { LoadRequest, LoadScenario } from '../../../load/scenario.ts';
import { constantRate, type NightlyContext, type NightlyScenarios } from '../../../load/nightly-profile.ts';

const judge = loadJudge(cardsRules, cardsChecks);

/**
 * The card-on-demand reads on the target's fixtures (GET card, card user, transactions of the default window,
 * authorizations); nothing that changes state. Every answer must be a status its operation's row documents
 * (cards.errors.documented-statuses, judged by its registered check, documented-status, as the suite calls it).
 */
export async function cardsNightly(context: NightlyContext<CardsSection>): Promise<NightlyScenarios> {
  const { section } = context;
  context.redactor.addSecret(section.token);
  const headers = { authorization: `Bearer ${section.token}`, accept: 'application/json' };
  const { fixtures } = section;
  const reads: [CardsOperation, string][] = [
    [
      cardsOperations.getCard,
      cardsOperations.getCard.path.replace('{id}', encodeURIComponent(fixtures.manyAuthorizationsCardId)),
    ],
    [
      cardsOperations.getCardUser,
      cardsOperations.getCardUser.path.replace('{id}', encodeURIComponent(fixtures.cardUsers.ACTIVATED)),
    ],
    [
      cardsOperations.getTransactions,
      `${cardsOperations.getTransactions.path}?accountId=${encodeURIComponent(fixtures.historyAccountId)}`,
    ],
    [
      cardsOperations.getAuthorizations,
      `${cardsOperations.getAuthorizations.path}?cardId=${encodeURIComponent(fixtures.manyAuthorizationsCardId)}`,
    ],
  ];
  return {
    scenarios: reads.map(([operation, path]) => {
      const request: LoadRequest = { label: operation.name, method: 'GET', path, headers };
      return constantRate(context.profile, {
        name: `nightly cards ${operation.name}`,
        family: 'cards',
        baseUrl: section.baseUrl,
        requests: [request],
        checkResponse: documentedStatusRule(section.baseUrl, operation, request),
      });
    }),
    close: async () => {},
  };
}

/**
 * The status rule on every answer, with what the suite passes it (429 tolerated); none for an operation without an
 * errors row, whose statuses the suite observes instead of judging.
 */
function documentedStatusRule(
  baseUrl: string,
  operation: CardsOperation,
  request: LoadRequest,
): LoadScenario['checkResponse'] {
  const documented = documentedStatuses(operation);
  if (documented === undefined) return undefined;
  return (response) =>
    judge.breach('cards.errors.documented-statuses', observedExchange(baseUrl, request, response), {
      documented,
      tolerated: [429],
    });
}

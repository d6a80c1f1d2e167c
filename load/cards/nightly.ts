import { cardsOperations, documentedStatuses, type CardsOperation } from '../../rules/cards/operations.ts';
import type { RuleId } from '../../rules/rule-id.ts';
import type { CardsSection } from '../../targets/cards/section.ts';
import type { LoadRequest, ObservedResponse } from '../scenario.ts';
import { constantRate, type NightlyContext, type NightlyScenarios } from '../nightly-profile.ts';

/**
 * The card-on-demand reads on the target's fixtures (GET card, card user, transactions of the default window,
 * authorizations); nothing that changes state. Every answer must be a status its operation's row documents
 * (cards.errors.documented-statuses).
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
      const documented = documentedStatuses(operation) ?? [];
      const checkResponse = (response: ObservedResponse) =>
        documented.includes(response.status)
          ? undefined
          : {
              ruleId: 'cards.errors.documented-statuses' satisfies RuleId,
              message: `${operation.name} answered ${response.status}, which its row does not list (${documented.join(', ')})`,
            };
      return constantRate(context.profile, {
        name: `nightly cards ${operation.name}`,
        family: 'cards',
        baseUrl: section.baseUrl,
        requests: [request],
        checkResponse,
      });
    }),
    close: async () => {},
  };
}

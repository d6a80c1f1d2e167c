import type { CardUserStatus } from '../../rules/cards/enums.ts';
import { addDays } from '../../rules/cards/calendar.ts';
import { lastFiveOf } from './history.ts';
import type { CardState } from './state.ts';
import { maxAccountingFields, maxMerchantCodes, maxUserDefinedFields } from '../../rules/cards/limits.ts';

/** MM-YY of a day. */
function monthYear(day: string): string {
  return `${day.slice(5, 7)}-${day.slice(2, 4)}`;
}

/** The boundary values of the optional records, carried by every third card so GET card meets them. */
function optionalRecords(card: CardState): { spend: Record<string, unknown>; card: Record<string, unknown> } {
  if (card.ordinal % 3 === 1) {
    return {
      spend: {
        originalAmount: '99999999.99',
        allowedMerchantIndustries: Array.from({ length: maxMerchantCodes }, (_, index) => String(5000 + index)),
        allowedMerchant: ['1234567890'],
        chargeAmountVariance: {
          varianceType: 'PERCENTAGE',
          varianceLowerBound: '0',
          varianceUpperBound: '100',
          minimumAuthorizationAmount: '0.00',
          autoExpirePercent: '5',
          autoExpireAmount: '99999999.99',
        },
      },
      card: {
        reconciliationField: {
          userDefinedFields: Array.from({ length: maxUserDefinedFields }, (_, index) => ({
            index: String(index + 1),
            value: `project-${index + 1}`,
          })),
          accountingFields: Array.from({ length: maxAccountingFields }, (_, index) => ({
            index: String(index + 1),
            value: `cost-centre-${index + 1}`,
          })),
        },
      },
    };
  }
  if (card.ordinal % 3 === 2) {
    return {
      spend: {
        chargeAmountVariance: { varianceType: 'AMOUNT', varianceLowerBound: '0.00', varianceUpperBound: '99999999.99' },
      },
      card: { reloadable: true },
    };
  }
  return { spend: {}, card: {} };
}

/** GET card of a card: the Card record, or only cardId, accountId and status while IN_PROGRESS. */
export function cardRecord(card: CardState): Record<string, unknown> {
  if (card.status === 'IN_PROGRESS') return { cardId: card.cardId, accountId: card.accountId, status: card.status };
  const extra = optionalRecords(card);
  return {
    cardId: card.cardId,
    accountId: card.accountId,
    spendControls: {
      currentAmount: `${(card.ordinal * 137) % 10000}.00`,
      // Not in the past at creation: from the creation day on.
      validFromDate: card.createdOn,
      validToDate: addDays(card.createdOn, 365),
      spendType: card.ordinal % 2 ? 'SINGLE_USE' : 'MULTI_USE',
      cardCurrency: 'USD',
      timeZone: 'EST',
      ...extra.spend,
    },
    cardDetails: {
      cardLastFive: lastFiveOf(card.cardId),
      expiryDate: monthYear(addDays(card.createdOn, 3 * 365)),
      formFactor: 'VIRTUAL',
      cardReferenceId: `REF-${card.cardId}`,
      cardCreationDate: card.createdOn,
      status: card.status,
      cardModifiedDate: addDays(card.createdOn, 1),
      ...(card.digitalWalletProvisionable === undefined
        ? {}
        : { digitalWalletProvisionable: card.digitalWalletProvisionable }),
      digitalWalletProvisioned: [],
    },
    deliveryMethod: 'API_RESPONSE',
    ...(card.cardUserId ? { cardUserId: card.cardUserId } : {}),
    ...extra.card,
  };
}

/** GET card user: the CardUser record. */
export function cardUserRecord(cardUserId: string, status: CardUserStatus, today: string): Record<string, unknown> {
  return {
    cardUserId,
    buyerId: 'buyer-harness',
    name: { first: 'Mary-Jo', middle: "D'Arcy Ann", last: "O'Neil", suffix: 'Jr.' },
    dateOfBirth: '1984-02-29',
    email: [{ type: 'PERSONAL', emailAddress: `${cardUserId}@example.test` }],
    phone: [{ countryCode: '001', number: '5555550100', type: 'MOBILE' }],
    address: [
      {
        type: 'RESIDENCE',
        purpose: 'PRIMARY',
        line1: '1 Main Street',
        line2: 'Apt 2',
        city: 'Springfield',
        state: 'IL',
        country: 'US',
        postalCode: '62701-1234',
      },
    ],
    status,
    expressConsentObtained: true,
    // not-a-limit: a hundred days ago, not the authorizations limit.
    dateCreated: addDays(today, -100),
    employeeId: 'EMP 1024',
  };
}

import fc from 'fast-check';
import { cardUserStatuses, emailTypes } from '../../rules/cards/enums.ts';
import type { InvalidCase } from '../gen.ts';
import type { RuleId } from '../../rules/rule-id.ts';
import { dayText, nameText } from './values.ts';

type CardUser = Record<string, unknown>;

/** A CardUser record that keeps every record rule. */
export const cardUserRecord: fc.Arbitrary<CardUser> = fc
  .record({
    first: nameText,
    last: nameText,
    suffix: fc.option(fc.stringMatching(/^[A-Za-z.]{1,4}$/), { nil: undefined }),
    born: dayText,
    created: dayText,
    emailType: fc.constantFrom(...emailTypes),
    state: fc.stringMatching(/^[A-Za-z]{2,12}$/),
    country: fc.stringMatching(/^[A-Z]{2}$/),
    postalCode: fc.oneof(fc.stringMatching(/^\d{5}$/), fc.stringMatching(/^\d{5}-\d{4}$/)),
    status: fc.constantFrom(...cardUserStatuses),
    employeeId: fc.option(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ]{0,10}$/), { nil: undefined }),
  })
  .map((parts) => ({
    cardUserId: 'user-1',
    buyerId: 'buyer-1',
    name: { first: parts.first, last: parts.last, ...(parts.suffix === undefined ? {} : { suffix: parts.suffix }) },
    dateOfBirth: parts.born,
    email: [{ type: parts.emailType, emailAddress: 'a@example.test' }],
    phone: [{ countryCode: '001', number: '5555550100', type: 'MOBILE' }],
    address: [
      {
        type: 'RESIDENCE',
        purpose: 'PRIMARY',
        line1: '1 Main St',
        city: 'Springfield',
        state: parts.state,
        country: parts.country,
        postalCode: parts.postalCode,
      },
    ],
    status: parts.status,
    expressConsentObtained: true,
    dateCreated: parts.created,
    ...(parts.employeeId === undefined ? {} : { employeeId: parts.employeeId }),
  }));

const first = (user: CardUser, key: string, change: Record<string, unknown>): CardUser => ({
  ...user,
  [key]: [{ ...((user[key] as Record<string, unknown>[])[0] as Record<string, unknown>), ...change }],
});

const userBreakers: readonly { breaks: RuleId; why: string; apply(user: CardUser): CardUser }[] = [
  {
    breaks: 'cards.card-user.fields',
    why: 'status not a card-user status',
    apply: (user) => ({ ...user, status: 'ACTIVE' }),
  },
  {
    breaks: 'cards.card-user.fields',
    why: 'expressConsentObtained as text',
    apply: (user) => ({ ...user, expressConsentObtained: 'true' }),
  },
  {
    breaks: 'cards.card-user.fields',
    why: 'phone type LANDLINE',
    apply: (user) => first(user, 'phone', { type: 'LANDLINE' }),
  },
  {
    breaks: 'cards.card-user.name',
    why: 'a digit in the first name',
    apply: (user) => ({ ...user, name: { ...(user.name as object), first: 'Ann2' } }),
  },
  {
    breaks: 'cards.card-user.name',
    why: 'a comma in the suffix',
    apply: (user) => ({ ...user, name: { ...(user.name as object), suffix: 'Jr,' } }),
  },
  {
    breaks: 'cards.card-user.one-each',
    why: 'two phones',
    apply: (user) => ({ ...user, phone: [...(user.phone as unknown[]), ...(user.phone as unknown[])] }),
  },
  { breaks: 'cards.card-user.one-each', why: 'no address', apply: (user) => ({ ...user, address: [] }) },
  {
    breaks: 'cards.card-user.formats',
    why: 'country code of four digits',
    apply: (user) => first(user, 'phone', { countryCode: '0001' }),
  },
  {
    breaks: 'cards.card-user.formats',
    why: 'alpha-3 country',
    apply: (user) => first(user, 'address', { country: 'USA' }),
  },
  {
    breaks: 'cards.card-user.formats',
    why: 'postal code with a letter',
    apply: (user) => first(user, 'address', { postalCode: '6270A' }),
  },
  {
    breaks: 'cards.card-user.formats',
    why: 'state with a digit',
    apply: (user) => first(user, 'address', { state: 'I1' }),
  },
];

/** A CardUser that breaks exactly one named rule. */
export const invalidCardUserRecord: fc.Arbitrary<InvalidCase<CardUser>> = fc
  .tuple(cardUserRecord, fc.constantFrom(...userBreakers))
  .map(([user, breaker]) => ({ value: breaker.apply(user), breaks: breaker.breaks, why: breaker.why }));

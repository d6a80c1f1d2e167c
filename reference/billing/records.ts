import { list, object, own, stringMap, text } from './validate.ts';
import { InvalidRequest } from './reply.ts';

/** Record shapes of our wire contract (the spec leaves the fields open) and their validators. */

export interface Pricing {
  currency: string;
  amount: number;
}

export interface RateCard {
  conditions: Record<string, string>;
  pricing: Pricing;
}

export const chargeModels = ['PerUnit', 'FlatFee', 'Tiered'] as const;
export type ChargeModel = (typeof chargeModels)[number];

export interface Charge {
  id: string;
  name: string;
  description?: string;
  chargeModel: ChargeModel;
  defaultPricing?: Pricing;
  rateCards: RateCard[];
  entityId: string | null;
  orgId: string | null;
  version: number;
}

export const limits = {
  nameMax: 100,
  descriptionMax: 5000,
  rateCardsMax: 50,
  // not-a-limit: the reference's own bound (the document shows none), not the Svc-Track-Id length.
  conditionTextMax: 64,
} as const;

export function pricing(value: unknown, field: string): Pricing {
  const record = object(value, field);
  const currency = own(record, 'currency');
  const amount = own(record, 'amount');
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    throw new InvalidRequest(`${field}.currency must be 3 uppercase letters`);
  }
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) {
    throw new InvalidRequest(`${field}.amount must be a finite number >= 0`);
  }
  return { currency, amount };
}

export function rateCards(value: unknown, field: string, max: number = limits.rateCardsMax): RateCard[] {
  return list(value, field, 0, max).map((row, index) => {
    const rowField = `${field}[${index}]`;
    const record = object(row, rowField);
    const conditions = stringMap(own(record, 'conditions'), `${rowField}.conditions`, {
      minEntries: 1,
      keyMax: limits.conditionTextMax,
      valueMin: 1,
      valueMax: limits.conditionTextMax,
    });
    return { conditions, pricing: pricing(own(record, 'pricing'), `${rowField}.pricing`) };
  });
}

/** Attributes of a Dynamic Pricing query: any names, string values. */
export function attributes(value: unknown, field: string): Record<string, string> {
  const unbounded = Number.MAX_SAFE_INTEGER;
  return stringMap(value, field, { minEntries: 0, keyMax: unbounded, valueMin: 0, valueMax: unbounded });
}

export function name(value: unknown, field = 'name'): string {
  return text(value, field, 1, limits.nameMax);
}

export function description(value: unknown, field = 'description'): string | undefined {
  return value === undefined ? undefined : text(value, field, 0, limits.descriptionMax);
}

/** The response view of a charge: a copy with a fixed key order, optional fields only when set. */
export function chargeView(charge: Charge): Record<string, unknown> {
  return {
    id: charge.id,
    name: charge.name,
    ...(charge.description !== undefined && { description: charge.description }),
    chargeModel: charge.chargeModel,
    ...(charge.defaultPricing !== undefined && { defaultPricing: { ...charge.defaultPricing } }),
    rateCards: charge.rateCards.map((row) => ({ conditions: { ...row.conditions }, pricing: { ...row.pricing } })),
    entityId: charge.entityId,
    orgId: charge.orgId,
    version: charge.version,
  };
}

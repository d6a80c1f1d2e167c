import { z } from 'zod';
import type { BillingAdapter } from './adapter.ts';
import type { ChargeDraft, ChargeUpdate, ProductDraft } from './model.ts';

/* Field names of the bundled reference target's records. */

const pricingSchema = z.object({ currency: z.string(), amount: z.number() });

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive().optional(),
});

const chargeSchema = z.looseObject({ id: z.string().min(1) });

const chargeResponseSchema = z.object({ charge: chargeSchema });

const queryResponseSchema = z.object({
  charge: chargeSchema,
  resolvedPricing: pricingSchema.nullable(),
});

const productResponseSchema = z.object({
  product: z.object({
    id: z.string().min(1),
    plans: z.array(z.object({ charges: z.array(z.object({ model: z.enum(['usage', 'recurring', 'other']) })) })),
  }),
});

/** `body[record].id` when it is a non-empty string: the one field a set-up or a replay needs. */
function idOf(body: unknown, record: 'charge' | 'product'): string | undefined {
  const id = (body as Record<string, { id?: unknown } | undefined> | null)?.[record]?.id;
  return typeof id === 'string' && id.length > 0 ? id : undefined;
}

function chargeBody(draft: ChargeDraft) {
  return {
    name: draft.name,
    ...(draft.description === undefined ? {} : { description: draft.description }),
    chargeModel: draft.rateCards.length > 0 ? 'Tiered' : 'PerUnit',
    ...(draft.defaultPricing ? { defaultPricing: draft.defaultPricing } : {}),
    rateCards: draft.rateCards,
  };
}

function updateFields(update: ChargeUpdate) {
  return {
    ...(update.defaultPricing ? { defaultPricing: update.defaultPricing } : {}),
    ...(update.rateCards ? { rateCards: update.rateCards } : {}),
  };
}

/** Drops every `id` and `processId` key, at any depth. */
function withoutIds(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(withoutIds);
  if (body && typeof body === 'object') {
    return Object.fromEntries(
      Object.entries(body)
        .filter(([key]) => key !== 'id' && key !== 'processId')
        .map(([key, value]) => [key, withoutIds(value)]),
    );
  }
  return body;
}

export const referenceBillingAdapter: BillingAdapter = {
  name: 'reference',
  parseTokenResponse(body) {
    const token = tokenResponseSchema.parse(body);
    return { accessToken: token.access_token, expiresInSeconds: token.expires_in };
  },
  createChargeBody: chargeBody,
  updateChargeBody: (chargeId, update) => ({ id: chargeId, ...updateFields(update) }),
  updateChargeBodyWithoutId: (update) => updateFields(update),
  queryChargeBody: (chargeId, attributes) => ({ chargeId, attributes }),
  createProductBody: (draft: ProductDraft) => ({
    name: draft.name,
    plans: draft.plans.map((plan) => ({
      name: plan.name,
      charges: plan.charges.map((charge) => ({
        name: charge.name,
        model: charge.model,
        pricing: charge.pricing,
        ...(charge.model === 'usage' ? { unitOfMeasure: 'each' } : {}),
      })),
    })),
  }),
  parseChargeResponse(body) {
    const { charge } = chargeResponseSchema.parse(body);
    return { chargeId: charge.id, state: charge };
  },
  parseQueryResponse(body) {
    const parsed = queryResponseSchema.parse(body);
    return { resolvedPricing: parsed.resolvedPricing, charge: { chargeId: parsed.charge.id, state: parsed.charge } };
  },
  parseProductResponse(body) {
    const { product } = productResponseSchema.parse(body);
    return {
      productId: product.id,
      plans: product.plans.map((plan) => ({ chargeModels: plan.charges.map((c) => c.model) })),
    };
  },
  chargeIdOf: (body) => idOf(body, 'charge'),
  productIdOf: (body) => idOf(body, 'product'),
  withoutGeneratedFields: withoutIds,
  // Bodies document 1 makes invalid (a field missing or of another type, a charge model not of the enumeration, a
  // rate card without its conditions); the sign of a price it does not state, so a negative one is not among them.
  invalidChargeBodies: () => [
    { why: 'name missing', body: { chargeModel: 'PerUnit', rateCards: [] } },
    { why: 'name is a number', body: { name: 42, chargeModel: 'PerUnit', rateCards: [] } },
    { why: 'unknown charge model', body: { name: 'x', chargeModel: 'Bogus', rateCards: [] } },
    {
      why: 'rate card without conditions',
      body: { name: 'x', chargeModel: 'Tiered', rateCards: [{ pricing: { currency: 'USD', amount: 1 } }] },
    },
  ],
};

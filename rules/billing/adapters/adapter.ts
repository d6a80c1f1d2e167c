import type { ChargeDraft, ChargeUpdate, Pricing, ProductChargeModel, ProductDraft } from './model.ts';

/** What the harness reads out of a token response. */
export interface ParsedToken {
  accessToken: string;
  expiresInSeconds?: number;
}

/** What the harness reads out of a charge response: its identifier and a projection to compare states. */
export interface ParsedCharge {
  chargeId: string;
  /** The charge as the target returns it, reduced to the fields that must not change on a query. */
  state: unknown;
}

export interface ParsedQuery {
  resolvedPricing: Pricing | null;
  charge: ParsedCharge;
}

export interface ParsedProduct {
  productId: string;
  /** The charge models of each plan, in order. */
  plans: { chargeModels: ProductChargeModel[] }[];
}

/**
 * Maps the neutral billing model to one target's wire bodies and back. The billing document shows no
 * field of the charge, product or token records, so a target with other field names needs only its own
 * adapter. `parse*` functions throw a ZodError when a body does not have the adapter's shape.
 */
export interface BillingAdapter {
  readonly name: string;
  parseTokenResponse(body: unknown): ParsedToken;
  createChargeBody(draft: ChargeDraft): unknown;
  updateChargeBody(chargeId: string, update: ChargeUpdate): unknown;
  /** The same update with no charge identifier at all. */
  updateChargeBodyWithoutId(update: ChargeUpdate): unknown;
  queryChargeBody(chargeId: string, attributes: Record<string, string>): unknown;
  createProductBody(draft: ProductDraft): unknown;
  parseChargeResponse(body: unknown): ParsedCharge;
  parseQueryResponse(body: unknown): ParsedQuery;
  parseProductResponse(body: unknown): ParsedProduct;
  /**
   * Only the charge identifier of a charge response, read leniently (the record's shape is the creation rule's):
   * undefined when absent.
   */
  chargeIdOf(body: unknown): string | undefined;
  /** Only the product identifier of a product response, read leniently: undefined when absent. */
  productIdOf(body: unknown): string | undefined;
  /** A response body without the fields the target generates anew for every creation (identifiers). */
  withoutGeneratedFields(body: unknown): unknown;
  /** Charge bodies that break the adapter's own record shape (wrong types, missing names). */
  invalidChargeBodies(): { why: string; body: unknown }[];
}

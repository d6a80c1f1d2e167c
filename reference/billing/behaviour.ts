import type { IncomingMessage } from 'node:http';
import type { ReferenceMode } from './mode.ts';
import * as billingLimits from '../../rules/billing/limits.ts';
import { clientIdLength, clientSecretMaxLength, grantType, gzipThresholdBytes } from '../../rules/billing/limits.ts';
import { replayOrRun, type IdempotentRunner } from './idempotency.ts';
import { type Charge, limits, type Pricing } from './records.ts';
import type { InvalidKind, OperationName } from './reply.ts';
import type { IssuedToken, TokenStore } from './token-store.ts';

/**
 * The named behaviour points of the billing target. The reference implements each rule once, here or in
 * the module it points to; a mutant (reference/mutants) replaces exactly one point to break exactly one rule.
 */

/** Dynamic Pricing: the pricing a charge yields (pricing.ts resolves it with the behaviour points below). */
export type PricingResolution =
  | { pricing: Pricing; source: 'rateCard'; rateCardIndex: number }
  | { pricing: Pricing; source: 'default' }
  | { pricing: null; source: 'none' };

/** The limits.ts exports that are a field's most characters: one behaviour point holds them all. */
export type MaxLengthName = Extract<keyof typeof billingLimits, `${string}MaxLength`>;

/**
 * Every `…MaxLength` of limits.ts; a new one is here without another line. The header checks (headers.ts) read
 * theirs from here, so the boundary mutants of a rule's `maxLength` replace it; client_secret's length is read by
 * `checkClientSecret`, the point its own mutant replaces.
 */
export const documentedMaxLengths = Object.fromEntries(
  Object.entries(billingLimits).filter(([name]) => name.endsWith('MaxLength')),
) as Record<MaxLengthName, number>;

export type CredentialCheck = 'ok' | 'malformed' | 'mismatch';
export type TokenField = 'client_id' | 'client_secret' | 'grant_type';
/** A parsed Svc-Entity-Ids of the token request: id undefined means "treat as not sent". */
export type TokenEntityId = { ok: true; id: string | undefined } | { ok: false };

/** A header rule of the catalog operations ("Same header set as POST /commerce/charges" on products). */
export type CatalogHeaderRule = 'track-id' | 'track-id-echo' | 'idempotency-key' | 'entity' | 'org' | 'gzip';

export interface BillingBehaviour {
  // token operation
  checkClientId(sent: string, expected: string): CredentialCheck;
  checkClientSecret(sent: string, expected: string): CredentialCheck;
  grantTypeAccepted(grantType: string): boolean;
  /** Values used for token fields the body leaves out. */
  tokenFieldDefaults: Readonly<Partial<Record<TokenField, string>>>;
  parseTokenEntityId(raw: string): TokenEntityId;
  /** Header names (any case) that make a token request fail. */
  tokenForbiddenHeaders: readonly string[];
  /** Whether this request to the token path counts against the caller's rate limit (the reference: every one). */
  tokenRateLimited(req: IncomingMessage): boolean;
  /** Successful authentications a token allows. */
  tokenMaxUses: number;
  /** Whether issuing a token ends the client's earlier ones (the reference: no, each lives until it expires). */
  tokenRevokesEarlier: boolean;

  // headers
  /** The most characters each field allows, by its name in limits.ts (a rule's `maxLength` names one). */
  maxLengths: Readonly<Record<MaxLengthName, number>>;
  trackIdCharsetOk(trackId: string): boolean;
  echoTrackId(trackId: string): string;
  runIdempotent: IdempotentRunner;
  /** Multi mode, Svc-Entity-Ids absent: the entity to use, or undefined to refuse. */
  entityForMissingHeader(tokenEntities: readonly string[]): string | undefined;
  /** Multi-entity off or single-entity tokens: whether a sent Svc-Entity-Ids is let through. */
  entityHeaderTolerated(mode: ReferenceMode, entityId: string, tokenEntities: readonly string[]): boolean;
  orgHeaderToleratedWhenMultiOrgOff: boolean;
  orgAccessible(orgId: string, accessibleOrgs: readonly string[]): boolean;
  /** The Svc-Org-Ids value an operation reads, given the one sent (the same; a mutant remembers refusals). */
  orgIdsRead(sent: string, operation: OperationName, accessibleOrgs: readonly string[]): string;
  /** What an Idempotency-Key's reply is kept under: client, operation and key (a mutant adds another field). */
  idempotencyEntry(use: {
    clientId: string;
    operation: OperationName;
    key: string;
    trackId: string | undefined;
  }): string;
  /** Whether an operation leaves one header rule out (the reference: none; a mutant leaves one out on products). */
  skipsHeaderRule(operation: OperationName | undefined, rule: CatalogHeaderRule): boolean;
  /** Whether a record owned by this org is inside the request's org scope. */
  orgScopeAllows(ownerOrgId: string, scope: readonly string[]): boolean;

  // compression
  /** Response bodies strictly larger than this many bytes are gzipped when the client accepts gzip. */
  gzipThresholdBytes: number;
  /** Request Content-Encoding values understood. */
  requestEncodings: readonly string[];

  // catalog operations
  resolveBearer(
    authorization: string | undefined,
    tokens: TokenStore,
    operation: OperationName,
  ): IssuedToken | undefined;
  authRequired(operation: OperationName): boolean;
  successStatus(operation: OperationName): number;
  invalidStatus(operation: OperationName, kind: InvalidKind): number;
  contentType(operation: OperationName | undefined, status: number): string;

  // charges
  /** The most rate-card rows a created charge may carry. */
  createRateCardsMax: number;
  findChargeForUpdate(
    charges: ReadonlyMap<string, Charge>,
    id: string,
    visible: (charge: Charge) => boolean,
  ): Charge | undefined;
  /** Applies the fields an update gives to the stored charge (the reference: every one of them). */
  applyChargeUpdate(charge: Charge, changes: Partial<Charge>): void;
  rateCardRowMatches(conditions: Record<string, string>, attributes: Record<string, string>): boolean;
  fallbackPricing(charge: Charge): PricingResolution;
  /** Runs after a Dynamic Pricing query has been answered. */
  afterQuery(charge: Charge, attributes: Record<string, string>): void;
  /** The resolution a query answers with, given how the stored charge resolves now (the reference: that one). */
  queryResolution(charge: Charge, attributes: Record<string, string>, now: () => PricingResolution): PricingResolution;
  /** Runs when a query names no visible charge, before its refusal (the reference: nothing; it creates nothing). */
  afterUnknownQuery(charges: Map<string, Charge>, unknown: Charge): void;

  // products
  productChargeModels: readonly string[];
  minPlansPerProduct: number;
}

const uuid = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Format first (400), then the pair (401): a malformed value is a bad request whatever it is. */
function credential(lengthOk: (length: number) => boolean) {
  return (sent: string, expected: string): CredentialCheck =>
    !lengthOk(sent.length) ? 'malformed' : sent === expected ? 'ok' : 'mismatch';
}

// The reference's own pricing and track-id charset (here, not in pricing.ts or headers.ts, which read the
// behaviour points: a module and its callees import one way).
/** A row matches when every one of its conditions equals the supplied attribute of that name. */
function allConditionsMatch(conditions: Record<string, string>, attributes: Record<string, string>): boolean {
  return Object.entries(conditions).every(
    ([key, value]) => Object.hasOwn(attributes, key) && attributes[key] === value,
  );
}

/** With no matching row: the default pricing, else nothing. */
function defaultPricingOrNone(charge: Charge): PricingResolution {
  return charge.defaultPricing
    ? { pricing: charge.defaultPricing, source: 'default' }
    : { pricing: null, source: 'none' };
}

/** Printable US-ASCII without the separators : ; " ' (node hands header bytes over as latin1 characters). */
function printableWithoutSeparators(value: string): boolean {
  return /^[\x20-\x7E]*$/.test(value) && !/[:;"']/.test(value);
}

export const referenceBehaviour: BillingBehaviour = {
  checkClientId: credential((length) => length === clientIdLength),
  checkClientSecret: credential((length) => length <= clientSecretMaxLength),
  grantTypeAccepted: (sent) => sent === grantType,
  tokenFieldDefaults: {},
  parseTokenEntityId: (raw) => (uuid.test(raw) ? { ok: true, id: raw } : { ok: false }),
  tokenForbiddenHeaders: ['Authorization', 'apiAccessKeyId', 'apiSecretAccessKey'],
  tokenRateLimited: () => true,
  tokenMaxUses: Number.POSITIVE_INFINITY,
  tokenRevokesEarlier: false,

  maxLengths: documentedMaxLengths,
  trackIdCharsetOk: printableWithoutSeparators,
  echoTrackId: (trackId) => trackId,
  runIdempotent: replayOrRun,
  entityForMissingHeader: () => undefined,
  entityHeaderTolerated: () => false,
  orgHeaderToleratedWhenMultiOrgOff: false,
  orgAccessible: (orgId, accessibleOrgs) => accessibleOrgs.includes(orgId),
  orgIdsRead: (sent) => sent,
  idempotencyEntry: ({ clientId, operation, key }) => `${clientId}\n${operation}\n${key}`,
  orgScopeAllows: (ownerOrgId, scope) => scope.includes(ownerOrgId),
  skipsHeaderRule: () => false,

  gzipThresholdBytes,
  requestEncodings: ['identity', 'gzip'],

  resolveBearer: (authorization, tokens) => {
    const match = /^bearer +(\S+) *$/i.exec(authorization ?? '');
    return match?.[1] === undefined ? undefined : tokens.find(match[1]);
  },
  authRequired: () => true,
  successStatus: () => 200,
  invalidStatus: () => 400,
  contentType: () => 'application/json; charset=utf-8',

  createRateCardsMax: limits.rateCardsMax,
  findChargeForUpdate: (charges, id, visible) => {
    const charge = charges.get(id);
    return charge && visible(charge) ? charge : undefined;
  },
  applyChargeUpdate: (charge, changes) => {
    Object.assign(charge, changes);
  },
  rateCardRowMatches: allConditionsMatch,
  fallbackPricing: defaultPricingOrNone,
  afterQuery: () => {},
  queryResolution: (_charge, _attributes, now) => now(),
  afterUnknownQuery: () => {},

  productChargeModels: ['usage', 'recurring', 'other'],
  minPlansPerProduct: 1,
};

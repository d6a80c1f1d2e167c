import type { LoyaltyOperation } from '../../rules/loyalty/records.ts';
import type { MacHeader } from '../../suites/loyalty/client/mac.ts';
import { macHeaderParts } from '../../suites/loyalty/client/mac.ts';
import { referenceValidators, type Validators } from './validators.ts';

/** The points of the loyalty reference a mutant may replace, each the behaviour of one rule. */
export interface LoyaltyBehaviour {
  apiKeyAccepted(value: string | undefined, key: string): boolean;
  /** Headers the operation requires besides X-NET-API-KEY and Authorization. */
  requiredHeaders(operation: LoyaltyOperation): readonly string[];
  /** Whether the operation may go without Authorization (never). */
  authorizationOptional(operation: LoyaltyOperation): boolean;
  macPartsRequired: readonly (keyof MacHeader)[];
  idAccepted(id: string, expected: string): boolean;
  macMatches(given: string, expected: string): boolean;
  /** Paths a mac may have been signed for (the request's own). */
  macPaths(requestPath: string): readonly string[];
  bodyhashChecked: boolean;
  noncesRemembered: boolean;
  /** Which nonces an operation's nonce is looked up among and kept with (every operation's; a mutant splits them). */
  nonceScope(operation: LoyaltyOperation): string;
  /** How long a used nonce is remembered, in ms (documented: for ever). */
  nonceMemoryMs: number;
  /** How long a used requestor_order_id is remembered, in ms (documented: all time). */
  orderIdMemoryMs: number;
  /** Whether a ts (ms) is close enough to the clock. */
  tsAccepted(ts: number, now: number, windowMs: number): boolean;
  bearerAccepted(authorization: string, token: string, operation: LoyaltyOperation): boolean;
  validators: Validators;
  /** Extra refusals of valid bodies (none). */
  extraProblem(operation: LoyaltyOperation, body: Record<string, unknown>): string | undefined;
  /** Whether an order id already used makes a conflict, given the two bodies. */
  conflicts(previous: string, current: string): boolean;
  /**
   * What a request refused for a field of its body (400) does to the used nonces and order ids (nothing; a mutant
   * releases or clears them).
   */
  afterBodyRefusal(memory: LoyaltyMemory, body: Record<string, unknown>): void;
  /** What a simulated order that passed its checks leaves behind (nothing; a mutant keeps its id as checked). */
  afterSimulatedOrder(memory: LoyaltyMemory, order: Record<string, unknown>): void;
  /** Whether a request skips the body checks, given what was left behind (never: every order is validated). */
  skipsBodyChecks(memory: LoyaltyMemory, operation: LoyaltyOperation, body: Record<string, unknown>): boolean;
  errorBody(status: number, message: string): Record<string, unknown>;
  /** The body of a 202 (documented: an empty JSON object). */
  acceptedBody(operation: LoyaltyOperation): Record<string, unknown>;
  /** The Content-Type of an answer of this status (documented: JSON). */
  contentType(status: number): string;
}

/** What the network remembers: used nonces (by scope, id and nonce) and used order ids, each with when. */
export interface LoyaltyMemory {
  nonces: Map<string, number>;
  orders: Map<string, { raw: string; at: number }>;
}

export const referenceBehaviour: LoyaltyBehaviour = {
  apiKeyAccepted: (value, key) => value === key,
  requiredHeaders: (operation) =>
    operation === 'notify' ? ['correlation_id'] : ['correlation_id', 'sender', 'keyname'],
  authorizationOptional: () => false,
  macPartsRequired: macHeaderParts,
  idAccepted: (id, expected) => id === expected,
  macMatches: (given, expected) => given === expected,
  macPaths: (requestPath) => [requestPath],
  bodyhashChecked: true,
  noncesRemembered: true,
  nonceScope: () => 'every operation',
  nonceMemoryMs: Number.POSITIVE_INFINITY,
  orderIdMemoryMs: Number.POSITIVE_INFINITY,
  tsAccepted: (ts, now, windowMs) => Math.abs(now - ts) <= windowMs,
  bearerAccepted: (authorization, token) => authorization === `Bearer ${token}`,
  validators: referenceValidators,
  extraProblem: () => undefined,
  conflicts: () => true,
  afterBodyRefusal: () => {},
  afterSimulatedOrder: () => {},
  skipsBodyChecks: () => false,
  errorBody: (status, message) => ({ error_code: `LTY-${status}`, user_message: message, developer_message: message }),
  acceptedBody: () => ({}),
  contentType: () => 'application/json; charset=utf-8',
};

import type { IncomingMessage } from 'node:http';
import type { BillingBehaviour } from './behaviour.ts';
import type { BillingConfig, Principal, RequestScope } from './context.ts';
import { InvalidRequest, type OperationName } from './reply.ts';
import { trackIdMaxLength } from '../../rules/billing/limits.ts';

/** The header rules of the billing interface: Svc-Track-Id, Svc-Entity-Ids, Svc-Org-Ids, Idempotency-Key. */

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function invalidHeader(message: string): never {
  throw new InvalidRequest(message, 'header');
}

// ---- Svc-Track-Id (every operation) -------------------------------------------------------------

export interface TrackId {
  value: string;
  valid: boolean;
}

/** Read once per request: validity decides both the 400 and whether the value is echoed. */
export function readTrackId(req: IncomingMessage, behaviour: BillingBehaviour): TrackId | undefined {
  const value = header(req, 'svc-track-id');
  if (value === undefined) return undefined;
  return { value, valid: value.length <= behaviour.maxLengths.trackIdMaxLength && behaviour.trackIdCharsetOk(value) };
}

export function requireValidTrackId(trackId: TrackId | undefined): void {
  if (trackId && !trackId.valid) {
    invalidHeader(`Svc-Track-Id must be at most ${trackIdMaxLength} printable ASCII characters without : ; " '`);
  }
}

/** A valid track id comes back unchanged on every response, errors included. */
export function trackIdEcho(
  trackId: TrackId | undefined,
  behaviour: BillingBehaviour,
  operation: OperationName | undefined,
): Record<string, string> {
  return trackId?.valid && !behaviour.skipsHeaderRule(operation, 'track-id-echo')
    ? { 'svc-track-id': behaviour.echoTrackId(trackId.value) }
    : {};
}

// ---- token operation ----------------------------------------------------------------------------

/** The token operation authenticates by body only; credentials in headers are refused. */
export function rejectForbiddenTokenHeaders(req: IncomingMessage, behaviour: BillingBehaviour): void {
  const present = behaviour.tokenForbiddenHeaders.find((name) => req.headers[name.toLowerCase()] !== undefined);
  if (present !== undefined) invalidHeader(`header ${present} is not allowed on the token operation`);
}

function sameId(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** Entities the new token covers, from Svc-Entity-Ids on the token request and the tenant mode. */
export function tokenEntityIds(
  req: IncomingMessage,
  config: BillingConfig,
  behaviour: BillingBehaviour,
): readonly string[] {
  const raw = header(req, 'svc-entity-ids');
  const parsed = raw === undefined ? { ok: true as const, id: undefined } : behaviour.parseTokenEntityId(raw);
  if (!parsed.ok) invalidHeader('Svc-Entity-Ids must be a UUID with hyphens');
  // Multi-entity off: a well-formed id is accepted and has no effect.
  if (config.mode === 'plain') return [];
  const wanted = parsed.id;
  const named = wanted === undefined ? undefined : config.tenant.entityIds.find((id) => sameId(id, wanted));
  if (wanted !== undefined && named === undefined) invalidHeader('Svc-Entity-Ids is not an entity of this tenant');
  if (config.mode === 'multi') return config.tenant.entityIds;
  const single = named ?? config.tenant.entityIds[0];
  return single === undefined ? [] : [single];
}

// ---- catalog operations -------------------------------------------------------------------------

function entityScope(
  req: IncomingMessage,
  config: BillingConfig,
  principal: Principal,
  behaviour: BillingBehaviour,
  operation: OperationName,
) {
  const raw = header(req, 'svc-entity-ids');
  if (config.mode === 'multi') {
    // Tokens cover several entities, so each request must say which one it acts for.
    const chosen =
      raw === undefined
        ? behaviour.entityForMissingHeader(principal.entityIds)
        : principal.entityIds.find((id) => sameId(id, raw));
    if (chosen === undefined) {
      invalidHeader(
        raw === undefined ? 'Svc-Entity-Ids is required' : "Svc-Entity-Ids must be one of the token's entities",
      );
    }
    return chosen;
  }
  if (
    raw !== undefined &&
    !behaviour.entityHeaderTolerated(config.mode, raw, principal.entityIds) &&
    !behaviour.skipsHeaderRule(operation, 'entity')
  ) {
    invalidHeader('Svc-Entity-Ids must not be set for this tenant');
  }
  return config.mode === 'single-entity' ? (principal.entityIds[0] ?? null) : null;
}

function orgScope(
  req: IncomingMessage,
  config: BillingConfig,
  behaviour: BillingBehaviour,
  operation: OperationName,
): readonly string[] | null {
  const sent = header(req, 'svc-org-ids');
  const raw = sent === undefined ? undefined : behaviour.orgIdsRead(sent, operation, config.tenant.accessibleOrgs);
  if (config.mode === 'plain') {
    const tolerated = behaviour.orgHeaderToleratedWhenMultiOrgOff || behaviour.skipsHeaderRule(operation, 'org');
    if (raw !== undefined && !tolerated) {
      invalidHeader('Svc-Org-Ids must not be set for this tenant');
    }
    return null;
  }
  const accessible = config.tenant.accessibleOrgs;
  if (raw === undefined) return accessible;
  const orgs = raw.split(',').map((item) => item.trim());
  if (orgs.some((org) => org === '')) invalidHeader('Svc-Org-Ids has an empty item');
  if (!orgs.every((org) => behaviour.orgAccessible(org, accessible))) {
    invalidHeader('Svc-Org-Ids names an org the caller cannot access');
  }
  return [...new Set(orgs)];
}

/** Entity then org rules, in the documented order. */
export function requestScope(
  req: IncomingMessage,
  config: BillingConfig,
  principal: Principal,
  behaviour: BillingBehaviour,
  operation: OperationName,
): RequestScope {
  const entityId = entityScope(req, config, principal, behaviour, operation);
  return { entityId, orgIds: orgScope(req, config, behaviour, operation) };
}

export function idempotencyKey(
  req: IncomingMessage,
  behaviour: BillingBehaviour,
  operation: OperationName,
): string | undefined {
  const key = header(req, 'idempotency-key');
  if (
    key !== undefined &&
    !behaviour.skipsHeaderRule(operation, 'idempotency-key') &&
    (key.length === 0 || key.length > behaviour.maxLengths.idempotencyKeyMaxLength)
  ) {
    invalidHeader('Idempotency-Key must be 1..255 characters');
  }
  return key;
}

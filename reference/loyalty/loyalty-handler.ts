import type { IncomingMessage } from 'node:http';
import { bodyHash, parseMacHeader, signMac } from '../../suites/loyalty/client/mac.ts';
import type { LoyaltyOperation, ProgramCode } from '../../rules/loyalty/records.ts';
import type { LoyaltySection } from '../../suites/loyalty/entry/section.ts';
import type { LoyaltyBehaviour, LoyaltyMemory } from './behaviour.ts';
import { validatorsOf } from './validators.ts';

export interface Answer {
  status: number;
  body: unknown;
}

export interface LoyaltyCredentials {
  apiKey: string;
  mac: NonNullable<LoyaltySection['mac']>;
  bearerToken: string;
  mandatory(program: ProgramCode): readonly string[];
}

/**
 * The loyalty network of the reference: API key, Authorization (the MAC form with the default recipe and a
 * 5-minute window, or the bearer), the operation's headers, the body rules of part A, and order ids kept for
 * all time (simulated ones excepted).
 */
export class LoyaltyHandler {
  /** Used nonces with when they were used; used order ids with the order and when it was placed. */
  readonly #memory: LoyaltyMemory = { nonces: new Map(), orders: new Map() };

  constructor(
    readonly behaviour: LoyaltyBehaviour,
    readonly credentials: LoyaltyCredentials,
  ) {}

  #error(status: number, message: string): Answer {
    return { status, body: this.behaviour.errorBody(status, message) };
  }

  /** Why the Authorization value is refused, or undefined when it is accepted. */
  #authProblem(operation: LoyaltyOperation, req: IncomingMessage, body: string): string | undefined {
    const { behaviour, credentials } = this;
    const authorization = req.headers.authorization;
    if (authorization === undefined)
      return behaviour.authorizationOptional(operation) ? undefined : 'Authorization is required';
    if (authorization.startsWith('Bearer '))
      return behaviour.bearerAccepted(authorization, credentials.bearerToken, operation)
        ? undefined
        : 'the bearer token is not valid';
    const parts = parseMacHeader(authorization);
    if (!parts) return 'Authorization is neither MAC nor Bearer';
    const lacking = behaviour.macPartsRequired.find((name) => parts[name] === undefined || parts[name] === '');
    if (lacking) return `the MAC header has no ${lacking}`;
    if (!behaviour.idAccepted(parts.id as string, credentials.mac.id)) return 'unknown MAC id';
    const ts = Number(parts.ts);
    if (!Number.isInteger(ts) || !behaviour.tsAccepted(ts, Date.now(), credentials.mac.windowMs))
      return 'ts is outside the window';
    if (behaviour.bodyhashChecked && parts.bodyhash !== bodyHash(body, credentials.mac))
      return 'bodyhash is not the hash of the body';
    const url = `http://${req.headers.host ?? ''}${req.url ?? ''}`;
    const signed = (path: string) =>
      signMac(
        credentials.mac,
        { method: req.method ?? '', url: new URL(path, url).href, body, ts: parts.ts ?? '', nonce: parts.nonce ?? '' },
        parts.bodyhash ?? '',
      ).mac;
    if (!behaviour.macPaths(req.url ?? '').some((path) => behaviour.macMatches(parts.mac as string, signed(path))))
      return 'the mac does not match';
    const nonce = `${behaviour.nonceScope(operation)}:${parts.id}:${parts.nonce}`;
    const usedAt = this.#memory.nonces.get(nonce);
    if (behaviour.noncesRemembered && usedAt !== undefined && Date.now() - usedAt <= behaviour.nonceMemoryMs)
      return 'the nonce was used before';
    this.#memory.nonces.set(nonce, Date.now());
    return undefined;
  }

  handle(operation: LoyaltyOperation, req: IncomingMessage, raw: string): Answer {
    const { behaviour } = this;
    const header = (name: string) =>
      typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined;
    if (!behaviour.apiKeyAccepted(header('x-net-api-key'), this.credentials.apiKey))
      return this.#error(403, 'X-NET-API-KEY is missing or unknown');
    const authProblem = this.#authProblem(operation, req, raw);
    if (authProblem) return this.#error(403, authProblem);
    const lacking = behaviour.requiredHeaders(operation).find((name) => header(name) === undefined);
    if (lacking) return this.#error(400, `${lacking} header is required`);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return this.#error(400, 'the body is not JSON');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return this.#error(400, 'the body must be a JSON object');
    const fields = body as Record<string, unknown>;
    const problem = behaviour.skipsBodyChecks(this.#memory, operation, fields)
      ? undefined
      : this.#bodyProblem(operation, fields);
    if (problem) {
      behaviour.afterBodyRefusal(this.#memory, fields);
      return this.#error(400, problem);
    }
    if (operation === 'transfer') return this.#order(fields, raw);
    return { status: 202, body: behaviour.acceptedBody(operation) };
  }

  /** Why a field of the body is refused, or undefined when the body is valid. */
  #bodyProblem(operation: LoyaltyOperation, fields: Record<string, unknown>): string | undefined {
    for (const name of validatorsOf[operation]) {
      const problem = this.behaviour.validators[name](fields, this.credentials.mandatory);
      if (problem) return problem;
    }
    return this.behaviour.extraProblem(operation, fields);
  }

  /** Order ids are unique for all time; a simulated order is checked and recorded nowhere. */
  #order(order: Record<string, unknown>, raw: string): Answer {
    const id = order.requestor_order_id as string;
    const previous = this.#memory.orders.get(id);
    const remembered = previous !== undefined && Date.now() - previous.at <= this.behaviour.orderIdMemoryMs;
    if (remembered && this.behaviour.conflicts(previous.raw, raw))
      return this.#error(409, `requestor_order_id ${id} was used before`);
    if (order.simulation !== true) this.#memory.orders.set(id, { raw, at: Date.now() });
    else this.behaviour.afterSimulatedOrder(this.#memory, order);
    return { status: 202, body: this.behaviour.acceptedBody('transfer') };
  }
}

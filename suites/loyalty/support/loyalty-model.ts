import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { RuleVerdict } from '../../../engine/rule-check.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import type { LoyaltyClient } from '../client/loyalty-client.ts';
import { freshOrderId, type LoyaltyContext } from '../../../generators/loyalty/bodies.ts';
import { callBody, type LoyaltyCall, loyaltyCall } from '../../../generators/loyalty/loyalty-call.ts';
import { type LoyaltyRefusal, loyaltyRefusal, refusedCase } from '../../../generators/loyalty/loyalty-refusal.ts';
import { type LoyaltyOperation, loyaltyStatuses } from '../../../rules/loyalty/records.ts';
import { countedBack, judgedAtStep, type SequenceReal, SequenceLog } from '../../support/stateful-phase.ts';
import { edgeMs } from './window-edge.ts';

/*
 * The loyalty network as a state machine, from document 2, part A: "nonce (unique string, different for each
 * request)", within the ts window of the MAC form, on every operation; "requestor_order_id (... unique across all
 * time ...)", a reuse answering 409 ("409 business conflict"). The model holds the nonces a sequence sent (and whether a
 * request carrying one was accepted) and the ids of the orders it placed. The commands are the three operations, valid
 * (every valid body, orders with another amount) and refused for one field, each carrying a fresh or an earlier nonce
 * and order id. A phase judges one rule: loyalty.mac.nonce-reuse (a nonce an accepted request carried, sent again
 * within the window, is refused) or loyalty.transfer.order-id-unique (a valid order under an id an accepted order
 * carried is 409, whatever else changed and whatever came between). The rest is read leniently and observed: what a
 * fresh request gets (other rules'), a refused request carrying a used id (400 or 409: the order of the two checks is
 * not stated), a nonce whose only earlier carriers were refused (a target may refuse a body before reading the nonce).
 */

/**
 * The rule a phase judges: the nonce rule's, the order id rule's, or the simulation rule's postconditions (a simulated
 * order runs the checks, and leaves nothing that spares a later real order under its id its own).
 */
export type LoyaltyPostcondition = 'nonce' | 'order' | 'simulation';

/** A nonce the sequence sent: first at which step, and when and at which step a request carrying it was accepted. */
interface SentNonce {
  nonce: string;
  step: number;
  accepted?: { step: number; atMs: number };
}

/** An order the target accepted: its requestor_order_id and step. */
interface PlacedOrder {
  id: string;
  step: number;
}

export interface LoyaltyModel {
  /** Whether requests carry a MAC nonce (the entry's MAC form); the bearer form carries none. */
  mac: boolean;
  nonces: SentNonce[];
  orders: PlacedOrder[];
  /** The ids of simulated orders the target accepted under a fresh id. */
  simulated: PlacedOrder[];
  /** What was read leniently, in words: reported, never failed. */
  observed: string[];
}

export interface LoyaltyReal extends SequenceReal {
  client: LoyaltyClient;
  context: LoyaltyContext;
  /** The MAC ts window, in ms (a nonce is judged only while its accepted use is well inside it). */
  windowMs: number;
  judges: LoyaltyPostcondition;
  /** The judged rule's check, bound to the rule, for one exchange (the simulation rule's: of a valid or invalid body). */
  judge: (exchange: Exchange, valid: boolean) => RuleVerdict;
}

/** What one command sends, before the sequence picks its nonce and order id. */
interface PlannedRequest {
  operation: LoyaltyOperation;
  body: Record<string, unknown>;
  /** The body in words. */
  what: string;
  valid: boolean;
  nonceReuse: number | undefined;
  orderReuse: number | undefined;
  /** An order that is a simulation (simulation true). */
  simulation?: boolean;
  /** For an order: the id of an earlier simulated order (counted back), instead of a fresh or placed one. */
  simulatedReuse?: number;
}

/** What the model expects of a request: the rule that judges it (none: read leniently), in words, and the answers. */
interface Expectation {
  judgedBy?: LoyaltyPostcondition;
  text: string;
  accepts(status: number): boolean;
  /** Answers the judged rule allows without its check (a 409 where the document leaves open whether an id was taken). */
  allowed?: readonly number[];
}

const { accepted, conflict } = loyaltyStatuses;
const invalid = 400;
const refusal = (status: number) => status >= 400 && status <= 499;
/** Whether a request of this operation carries a requestor_order_id an earlier order may have used. */
const carriesOrderId = (request: Pick<PlannedRequest, 'operation' | 'body'>) =>
  request.operation !== 'subscribe' &&
  (request.operation === 'notify' || request.body.requestor_order_id === freshOrderId);

/** The nonce a request carries: fresh, or an earlier one while there is one (undefined: the bearer form, no nonce). */
function pickNonce(model: LoyaltyModel, reuse: number | undefined): { nonce: string; earlier?: SentNonce } | undefined {
  if (!model.mac) return undefined;
  if (reuse === undefined || model.nonces.length === 0) return { nonce: randomUUID() };
  const earlier = countedBack(model.nonces, reuse);
  return { nonce: earlier.nonce, earlier };
}

/**
 * The order id a request carries: fresh, or an accepted order's while there is one (undefined: none, or a notification
 * tied to none).
 */
function pickOrder(
  model: LoyaltyModel,
  request: PlannedRequest,
): { id: string; earlier?: PlacedOrder; simulated?: PlacedOrder } | undefined {
  if (!carriesOrderId(request)) return undefined;
  if (request.simulatedReuse !== undefined && model.simulated.length > 0) {
    const simulated = countedBack(model.simulated, request.simulatedReuse);
    return { id: simulated.id, simulated };
  }
  if (request.orderReuse === undefined || model.orders.length === 0)
    return request.operation === 'notify' ? undefined : { id: `order-${randomUUID()}` };
  const earlier = countedBack(model.orders, request.orderReuse);
  return { id: earlier.id, earlier };
}

/** Whether the nonce's accepted use is well inside the window still: only then is its reuse the nonce rule's. */
function nonceStillUsed(earlier: SentNonce | undefined, windowMs: number): earlier is Required<SentNonce> {
  return earlier?.accepted !== undefined && Date.now() - earlier.accepted.atMs <= windowMs - edgeMs(windowMs);
}

/** What the documents say a request must get, given what the sequence used before it, and which rule says so. */
function expectationOf(
  request: PlannedRequest,
  nonce: ReturnType<typeof pickNonce>,
  order: ReturnType<typeof pickOrder>,
  windowMs: number,
): Expectation {
  if (nonceStillUsed(nonce?.earlier, windowMs))
    return {
      judgedBy: 'nonce',
      text: `a 4xx: the nonce was accepted at step ${nonce.earlier.accepted.step} (loyalty.mac.nonce-reuse)`,
      accepts: refusal,
    };
  if (nonce?.earlier)
    return {
      text: "a 4xx, or a fresh nonce's answer: no request carrying the nonce was accepted yet",
      accepts: (status) => refusal(status) || status === accepted,
    };
  if (order?.simulated) return afterSimulation(request, order.simulated);
  if (request.simulation && !order?.earlier)
    return {
      judgedBy: 'simulation',
      text: request.valid
        ? `${accepted}: a simulation runs the checks (loyalty.transfer.simulation)`
        : `${invalid}: a simulation runs the checks (loyalty.transfer.simulation)`,
      accepts: (status) => status === (request.valid ? accepted : invalid),
    };
  if (order?.earlier && request.operation === 'transfer')
    return request.valid
      ? {
          judgedBy: 'order',
          text: `${conflict}: the requestor_order_id was accepted at step ${order.earlier.step} (loyalty.transfer.order-id-unique)`,
          accepts: (status) => status === conflict,
        }
      : {
          text: `${invalid} or ${conflict}: the order of the two checks is not stated`,
          accepts: (status) => status === invalid || status === conflict,
        };
  return request.valid
    ? { text: `${accepted}`, accepts: (status) => status === accepted }
    : { text: `${invalid}`, accepts: (status) => status === invalid };
}

/**
 * An order under the id of an earlier simulation: whether a simulation takes its id is not stated (202 or 409 either
 * way), but a real order is validated whatever a simulation left ("the order is sent on after validation completes"):
 * an invalid one is 400, or 409 where the simulation took the id.
 */
function afterSimulation(request: PlannedRequest, simulated: PlacedOrder): Expectation {
  const again = request.simulation ? 'another simulation' : 'a real order';
  if (request.simulation || request.valid)
    return {
      text: `${accepted} or ${conflict}: ${again} under the id simulated at step ${simulated.step} (whether a simulation takes its id is not stated)`,
      accepts: (status) => status === accepted || status === conflict,
    };
  return {
    judgedBy: 'simulation',
    text: `${invalid} (or ${conflict}, the id taken): a real order under the id simulated at step ${simulated.step} is still validated (loyalty.transfer.simulation)`,
    accepts: (status) => status === invalid || status === conflict,
    allowed: [conflict],
  };
}

/** The request in words: operation, body, order id and nonce, and what the model expects. */
function requestText(
  request: PlannedRequest,
  nonce: ReturnType<typeof pickNonce>,
  order: ReturnType<typeof pickOrder>,
  expectation: Expectation,
): string {
  const id = !order
    ? ''
    : order.simulated
      ? `, requestor_order_id ${order.id} simulated at step ${order.simulated.step}`
      : order.earlier
        ? `, requestor_order_id ${order.id} of step ${order.earlier.step}`
        : `, fresh requestor_order_id ${order.id}`;
  const carried = !nonce
    ? ''
    : nonce.earlier
      ? `, nonce ${nonce.nonce} of step ${nonce.earlier.step}`
      : `, fresh nonce ${nonce.nonce}`;
  return `${request.operation}: ${request.what}${id}${carried}; the model expects ${expectation.text}`;
}

/** The judged rule's check on the step; its violation names the step and the model's expectation. */
function judgeStep(real: LoyaltyReal, exchange: Exchange, valid: boolean, step: string): void {
  judgedAtStep(step, () => real.judge(exchange, valid));
}

/** Keeps what the answer made used: the nonce sent (accepted or not), the id of an accepted new order. */
function remember(
  model: LoyaltyModel,
  sent: { step: number; atMs: number; status: number | undefined; operation: LoyaltyOperation; simulation: boolean },
  nonce: ReturnType<typeof pickNonce>,
  order: ReturnType<typeof pickOrder>,
): void {
  const acceptedNow = sent.status === accepted;
  if (nonce && !nonce.earlier) model.nonces.push({ nonce: nonce.nonce, step: sent.step });
  const kept = nonce && model.nonces.find((one) => one.nonce === nonce.nonce);
  if (kept && acceptedNow && !kept.accepted) kept.accepted = { step: sent.step, atMs: sent.atMs };
  if (order && !order.earlier && !order.simulated && acceptedNow && sent.operation === 'transfer')
    (sent.simulation ? model.simulated : model.orders).push({ id: order.id, step: sent.step });
}

/** Sends a planned request with its nonce and order id, judges or observes the answer, and keeps what it used. */
async function sendAndJudge(model: LoyaltyModel, real: LoyaltyReal, request: PlannedRequest): Promise<void> {
  const step = real.log.steps.length + 1;
  const nonce = pickNonce(model, request.nonceReuse);
  const order = pickOrder(model, request);
  const expectation = expectationOf(request, nonce, order, real.windowMs);
  const why = requestText(request, nonce, order, expectation);
  const body = {
    ...request.body,
    ...(order ? { requestor_order_id: order.id } : {}),
    ...(request.simulation ? { simulation: true } : {}),
  };
  const atMs = Date.now();
  const exchange = real.log.record(
    await real.client.send({
      operation: request.operation,
      body,
      ...(nonce ? { auth: { mac: { nonce: nonce.nonce } } } : {}),
    }),
    why,
  );
  const status = exchange.response?.status;
  const allowed = status !== undefined && (expectation.allowed ?? []).includes(status);
  if (expectation.judgedBy === real.judges && !allowed)
    judgeStep(real, exchange, request.valid, `step ${step}: ${why}`);
  else if (status === undefined || !expectation.accepts(status))
    model.observed.push(`step ${step}: ${why}: ${status ?? exchange.error?.code}`);
  const simulation = request.simulation === true;
  remember(model, { step, atMs, status, operation: request.operation, simulation }, nonce, order);
}

/** Where a request of a sequence may carry the id of an earlier simulated order instead (see PlannedRequest). */
type UnderSimulation = { simulatedReuse?: number };

/**
 * A valid request of any operation (an order under a fresh or an earlier id, another amount), or a simulated order
 * (simulation true).
 */
class CallCommand implements fc.AsyncCommand<LoyaltyModel, LoyaltyReal> {
  constructor(
    readonly call: LoyaltyCall & UnderSimulation,
    readonly simulation = false,
  ) {}

  check(): boolean {
    return true;
  }

  run(model: LoyaltyModel, real: LoyaltyReal): Promise<void> {
    const { body, what } = callBody(real.context, this.call);
    const shown = this.simulation ? what.replace('a valid order', 'a valid simulated order') : what;
    return sendAndJudge(model, real, { ...this.call, body, what: shown, valid: true, simulation: this.simulation });
  }

  toString(): string {
    return `${this.simulation ? 'simulation' : 'call'}(${JSON.stringify(this.call)})`;
  }
}

/** A request a field rule refuses: what was used before it stays used (its own answer is its rule's). */
class RefusalCommand implements fc.AsyncCommand<LoyaltyModel, LoyaltyReal> {
  constructor(readonly refusal: LoyaltyRefusal & UnderSimulation) {}

  check(): boolean {
    return true;
  }

  run(model: LoyaltyModel, real: LoyaltyReal): Promise<void> {
    const { body, what } = refusedCase(real.context, this.refusal);
    return sendAndJudge(model, real, {
      ...this.refusal,
      body,
      what: `${what}, which ${this.refusal.ruleId} refuses`,
      valid: false,
    });
  }

  toString(): string {
    return `refusal(${JSON.stringify(this.refusal)})`;
  }
}

const calls = loyaltyCall.map((call) => new CallCommand(call));
const refusals = loyaltyRefusal.map((refused) => new RefusalCommand(refused));
// For the order id rule: mostly orders under fresh nonces (a reused nonce leaves an order unjudged), refusals of orders.
const orders = loyaltyCall.map((call) => new CallCommand({ ...call, operation: 'transfer', nonceReuse: undefined }));
const refusedOrders = loyaltyRefusal
  .filter((refused) => refused.operation === 'transfer')
  .map((refused) => new RefusalCommand({ ...refused, nonceReuse: undefined }));

// For the simulation rule: simulated orders under fresh ids, then orders (real or simulated, valid or refused for one
// field) under a simulated id; fresh nonces throughout.
const simulatedOrders = loyaltyCall.map(
  (call) => new CallCommand({ ...call, operation: 'transfer', nonceReuse: undefined, orderReuse: undefined }, true),
);
const simulatedId = fc.nat({ max: 7 });
const afterSimulated = fc
  .tuple(loyaltyCall, simulatedId, fc.boolean())
  .map(
    ([call, simulatedReuse, simulation]) =>
      new CallCommand({ ...call, operation: 'transfer', nonceReuse: undefined, simulatedReuse }, simulation),
  );
const refusedAfterSimulated = fc
  .tuple(
    loyaltyRefusal.filter((refused) => refused.operation === 'transfer'),
    simulatedId,
  )
  .map(([refused, simulatedReuse]) => new RefusalCommand({ ...refused, nonceReuse: undefined, simulatedReuse }));

/**
 * Sequences of up to eight requests. fc.commands picks among its arbitraries evenly: one listed three times weighs
 * three.
 */
export const loyaltyCommands: Record<
  LoyaltyPostcondition,
  fc.Arbitrary<Iterable<fc.AsyncCommand<LoyaltyModel, LoyaltyReal>>>
> = {
  nonce: fc.commands([calls, calls, calls, refusals], { maxCommands: 8, size: 'medium' }),
  order: fc.commands([orders, orders, calls, refusedOrders], { maxCommands: 8, size: 'medium' }),
  simulation: fc.commands(
    [simulatedOrders, simulatedOrders, afterSimulated, refusedAfterSimulated, refusedAfterSimulated],
    {
      maxCommands: 8,
      size: 'medium',
    },
  ),
};

/** A sequence's fresh model (what it reads leniently goes to `observed`, shared by the sequences) and real side. */
export function loyaltySequence(
  real: Omit<LoyaltyReal, 'log'>,
  observed: string[],
): { model: LoyaltyModel; real: LoyaltyReal } {
  return {
    model: { mac: real.client.defaultAuth === 'mac', nonces: [], orders: [], simulated: [], observed },
    real: { ...real, log: new SequenceLog() },
  };
}

/**
 * The circuit breaker of one family's target: after a few consecutive exchanges that got no answer at all
 * (a timeout, a refused connection), the target is unresponsive and the family's remaining exchanges fail at
 * once, naming the first of those failures, instead of each waiting out its own timeout.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ClientError, ClientErrorCode, Exchange } from './http-exchange.ts';
import { clientError } from './client-errors.ts';
import { noteLeftUnanswered, ruleInProgress } from '../core/rule-in-progress.ts';

/** Failures that mean no complete answer came; a reset or a malformed answer is an answer, judged by the rules. */
const unanswered: ReadonlySet<ClientErrorCode> = new Set(['TIMEOUT', 'CONNECTION_REFUSED']);

/** Whether an exchange that failed so got no answer at all: silence, or not sent because of silence. */
export function leftUnanswered(code: ClientErrorCode): boolean {
  return unanswered.has(code) || code === 'TARGET_UNRESPONSIVE';
}

/** Why a breaker opened: shared across the processes of a run through the session broker. */
export interface BreakerTrip {
  family: string;
  /** Consecutive unanswered exchanges that opened it. */
  consecutive: number;
  /** The first of them: method, URL, error code and message. */
  first: string;
  /** The rule whose exchange was the last of them (the one that opened the breaker), when a rule's test sent it. */
  rule?: string;
}

/** Work whose exchanges no breaker counts (see uncountedByBreakers). */
const uncounted = new AsyncLocalStorage<true>();

/**
 * Runs `work` with its exchanges left out of every breaker's count: the preflight is no rule's request, and a
 * breaker it opened would refuse every rule's requests in the name of none, so each would fail on its own instead
 * of the rule whose own request met the silence.
 */
export function uncountedByBreakers<T>(work: () => Promise<T>): Promise<T> {
  return uncounted.run(true, work);
}

export class CircuitBreaker {
  #streak = 0;
  #firstOfStreak: string | undefined;
  #trip: BreakerTrip | undefined;

  /**
   * @param family the family whose exchanges this breaker guards
   * @param threshold consecutive unanswered exchanges that open it (target entry `client.unresponsiveAfter`, default 3)
   * @param onTrip told once, when this breaker opens on its own count (not when told by `open`)
   */
  constructor(
    readonly family: string,
    readonly threshold: number,
    private readonly onTrip?: (trip: BreakerTrip) => void,
    /** The run the breaker serves (its broker's key), under which the rule that opened it is noted. */
    private readonly run?: string,
  ) {}

  get trip(): BreakerTrip | undefined {
    return this.#trip;
  }

  /** The error an exchange fails with instead of being sent, once the breaker is open. */
  refusal(): ClientError | undefined {
    const trip = this.#trip;
    if (!trip) return undefined;
    return {
      ...clientError(
        'TARGET_UNRESPONSIVE',
        `not sent: target unresponsive (${trip.consecutive} consecutive ${this.family} exchanges got no answer; the first: ${trip.first}${trip.rule ? `; the last met by ${trip.rule}` : ''})`,
      ),
      ...(trip.rule ? { judgedBy: trip.rule } : {}),
    };
  }

  /** Counts an exchange that was sent: an answer of any kind ends the streak. */
  record(exchange: Pick<Exchange, 'request' | 'error'>): void {
    if (this.#trip || uncounted.getStore()) return;
    const code = exchange.error?.code;
    // A body trickling past the deadline counts too: it stalls a run just as much as silence does.
    if (code === undefined || !unanswered.has(code)) {
      this.#streak = 0;
      this.#firstOfStreak = undefined;
      return;
    }
    this.#streak += 1;
    this.#firstOfStreak ??=
      `${exchange.request.method} ${exchange.request.url}: ${code} ${exchange.error?.message ?? ''}`.trim();
    if (this.#streak >= this.threshold) {
      // The rule whose request completed the streak is still waiting on it: it fails with the timeout it met (see
      // core/rule-in-progress.ts), and the rules whose requests are not sent from now on are blocked by it.
      const rule = ruleInProgress();
      const trip = {
        family: this.family,
        consecutive: this.#streak,
        first: this.#firstOfStreak,
        ...(rule ? { rule } : {}),
      };
      this.open(trip);
      this.onTrip?.(trip);
    }
  }

  /** Opens the breaker (on its own count, or because another process of the run found the target unresponsive). */
  open(trip: BreakerTrip): void {
    this.#trip ??= trip;
    // Wherever the rule that opened it runs (another worker, a later file), it fails with the timeout it met.
    if (trip.rule) noteLeftUnanswered(trip.rule, this.run);
  }
}

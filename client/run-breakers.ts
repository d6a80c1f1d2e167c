/**
 * The circuit breakers of a run, one per family, shared by its processes: the main process holds them and
 * serves them on the session broker; a suite file's breaker starts open when the family was already found
 * unresponsive, and tells the main process when it finds so itself. Nothing crosses per exchange.
 */
import { CircuitBreaker, type BreakerTrip } from './circuit-breaker.ts';
import { brokerCall, type BrokerAddress, type BrokeredMethods } from './session-broker.ts';

/** The broker's name for the run's own methods (no family is named so: family names are identifiers). */
export const runMethods = '-run';

/** The main process's breakers, and the broker methods that share them. */
export function runBreakers(
  families: readonly string[],
  threshold: number,
): { breakers: Map<string, CircuitBreaker>; serve: BrokeredMethods } {
  const breakers = new Map(families.map((family) => [family, new CircuitBreaker(family, threshold)]));
  return {
    breakers,
    serve: {
      breakerState: async ({ family }: { family: string }) => breakers.get(family)?.trip ?? null,
      breakerTrip: async (trip: BreakerTrip) => void breakers.get(trip.family)?.open(trip),
    },
  };
}

/** A suite file's breaker for a family, joined to the run's. */
export async function joinRunBreaker(
  broker: BrokerAddress,
  family: string,
  threshold: number,
): Promise<CircuitBreaker> {
  const tell = (trip: BreakerTrip) => void brokerCall(broker, runMethods, 'breakerTrip', trip).catch(() => {});
  const breaker = new CircuitBreaker(family, threshold, tell, broker.key);
  const trip = await brokerCall<BreakerTrip | null>(broker, runMethods, 'breakerState', { family });
  if (trip) breaker.open(trip);
  return breaker;
}

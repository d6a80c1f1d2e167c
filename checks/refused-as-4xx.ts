import type { Exchange } from '../client/http-exchange.ts';

/**
 * Whether an answer refuses its request with a 4xx, as rules about invalid input require. Read before judging,
 * to decide whether a baseline another rule judges must be consulted (a transport error is not a refusal).
 */
export const refusedAs4xx = (exchange: Exchange): boolean => {
  const status = exchange.response?.status;
  return status !== undefined && status >= 400 && status <= 499;
};

/**
 * How far inside and outside the MAC ts window the edge cases lie: room for the request's own travel time on a loaded
 * runner.
 */
export const edgeMs = (windowMs: number) => Math.min(5000, windowMs / 20);

import type { shortenerDomains } from '../../../rules/shortener/records.ts';

/** The shortener first uses kept for a late replay (suites/support/late-memory.ts): `{ taken: [{ path, domain }] }`, one fresh path per domain. */
export const vanityMemory = 'shortener.vanity';

/** A vanity path taken for a domain. */
export type TakenPath = {
  path: string;
  domain: (typeof shortenerDomains)[number];
};

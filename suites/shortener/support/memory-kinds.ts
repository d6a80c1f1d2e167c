import { mappingsStatuses, shortenerDomains } from '../../../rules/shortener/records.ts';
import { keepFirstUse } from '../../support/late-memory.ts';
import { freshPath } from './fresh-path.ts';
import type { ShortenerSession } from './shortener-suite-session.ts';
import { sendSteps } from './vanity-steps.ts';

/**
 * The shortener first uses kept for a late replay (suites/support/late-memory.ts): `{ taken: [{ path, domain }] }`, one
 * fresh path per domain.
 */
export const vanityMemory = 'shortener.vanity';

/** A vanity path taken for a domain. */
export type TakenPath = {
  path: string;
  domain: (typeof shortenerDomains)[number];
};

/**
 * Every shortener file takes, when it starts, one fresh vanity path per domain; memory.alone.suite.ts asks for the
 * oldest again at the end of the run.
 */
export function keepShortenerFirstUses(session: () => ShortenerSession): void {
  keepFirstUse(vanityMemory, 'shortener.vanity.taken-for-domain', async () => {
    const { client, nowMs } = session();
    const taken: TakenPath[] = shortenerDomains.map((domain) => ({ path: freshPath(), domain }));
    const [sent] = await sendSteps(client, nowMs, [
      { entries: taken, accepted: true, why: 'kept for the late replay' },
    ]);
    return sent?.exchange.response?.status === mappingsStatuses.accepted ? { taken } : undefined;
  });
}

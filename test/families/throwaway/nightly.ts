import { constantRate, type NightlyProfile } from '../../../load/nightly-profile.ts';
import type { ObservedResponse } from '../../../load/scenario.ts';
import type { ThrowawaySection } from './section.ts';

/**
 * GET /ping at the entry's constant rate; every answer must be 200 (throwaway.ping.status), as the suite's rule says.
 */
export const throwawayNightly: NightlyProfile<ThrowawaySection> = async ({ section, profile }) => {
  const answered = (response: ObservedResponse) =>
    response.status === 200
      ? undefined
      : { ruleId: 'throwaway.ping.status', message: `GET /ping answered ${response.status} under load` };
  return {
    scenarios: [
      constantRate(profile, {
        name: 'nightly throwaway ping',
        family: 'throwaway',
        baseUrl: section.baseUrl,
        requests: [{ label: 'ping', method: 'GET', path: '/ping', headers: { accept: 'application/json' } }],
        checkResponse: answered,
      }),
    ],
    close: async () => {},
  };
};

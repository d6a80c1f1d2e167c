import { withSharedChecks } from '../../../checks/index.ts';
import { shortenerChecks } from '../checks/index.ts';
import { ShortenerClient } from '../client/shortener-client.ts';
import { defaultRedactor } from '../../../core/redaction.ts';
import { shortenerRules } from '../../../rules/shortener/rules.ts';
import type { ShortenerSection } from '../entry/section.ts';
import { keepShortenerFirstUses } from './memory-kinds.ts';
import { ruleTestFor } from '../../../engine/rule-test.ts';
import { useFamilySession } from '../../support/family-session.ts';
import type { ShortenerSession } from './shortener-suite-session.ts';

/** `ruleTest(ruleId, ({ check }) => ...)` for the shortener rules, each judged by the check it names. */
export const ruleTest = ruleTestFor(shortenerRules, withSharedChecks(shortenerChecks));

export type { ShortenerSession } from './shortener-suite-session.ts';

/** Opens a shortener client for one suite file and closes it after; a target without the section gets none. */
export function useShortenerSession(): () => ShortenerSession {
  const session = useFamilySession<ShortenerSection, ShortenerSession>('shortener', ({ run, section, breaker }) => ({
    client: new ShortenerClient(section, run.target.client, defaultRedactor, breaker),
    nowMs: Date.now(),
  }));
  // Vanity paths taken as the file starts, asked for again late in the run.
  keepShortenerFirstUses(session);
  return session;
}

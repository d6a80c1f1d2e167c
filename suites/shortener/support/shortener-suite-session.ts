import type { ShortenerClient } from '../client/shortener-client.ts';
import type { ShortenerSection } from '../entry/section.ts';
import type { FamilySuiteSession } from '../../support/family-session.ts';

/**
 * A shortener suite file's session (opened by useShortenerSession): its own file, so the helpers it uses can name it.
 */
export interface ShortenerSession extends FamilySuiteSession<ShortenerSection> {
  client: ShortenerClient;
  /** The run's clock when the file started: valid expiry dates lie after it. */
  nowMs: number;
}

import { describe, expect, test } from 'vitest';
import { awaitQuietWindow } from '../../load/quiet-window.ts';
import { exchange } from '../checks/exchanges.ts';

/** The quiet window the rate-limit probes (exchange and billing) wait for before their first burst. */
describe('awaitQuietWindow', () => {
  test('sends single requests until one is not limited, then waits the window', async () => {
    const statuses = [429, 429, 200];
    let sent = 0;
    const startedAt = Date.now();
    const quiet = await awaitQuietWindow(
      async () => exchange({ status: statuses[sent++] ?? 200, headers: {} }),
      0.2,
      10,
    );
    expect(quiet).toMatchObject({ singleRequests: 3, quiet: true });
    // two waits after the 429s (at least the 1 s default each, no Retry-After) + window
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(2_200);
    expect(quiet.waitedSeconds).toBeGreaterThanOrEqual(2.2);
  });

  test('a Retry-After longer than the window is obeyed; the wait is bounded and says so', async () => {
    let sent = 0;
    const quiet = await awaitQuietWindow(
      async () => {
        sent++;
        return exchange({ status: 429, headers: { 'retry-after': '2' } });
      },
      0.1,
      1,
    );
    expect(sent).toBe(1);
    expect(quiet).toMatchObject({ singleRequests: 1, quiet: false });
    expect(quiet.waitedSeconds).toBeGreaterThanOrEqual(2);
  });
});

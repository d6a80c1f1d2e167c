import { afterEach, describe, expect, test, vi } from 'vitest';
import { liveLine } from '../../reporting/live-line.ts';

function terminal(isTTY: boolean) {
  const written: string[] = [];
  return {
    stream: { isTTY, columns: 120, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream,
    written,
  };
}

afterEach(() => vi.useRealTimers());

describe('the live line', () => {
  test('on a terminal, says which rule runs and for how long, and how many finished and failed', () => {
    vi.useFakeTimers();
    const { stream, written } = terminal(true);
    const line = liveLine(stream, {});
    line.ruleStarted('billing.token.issue');
    vi.advanceTimersByTime(1000);
    line.ruleStarted('billing.charges.create');
    vi.advanceTimersByTime(2000);
    expect(written.at(-1)).toBe('\r\x1b[2Krunning billing.token.issue (3 s) +1 more · 0 finished, 0 failed');
    line.ruleFinished({ ruleId: 'billing.token.issue', family: 'billing', status: 'failed', section: '' });
    vi.advanceTimersByTime(1000);
    expect(written.at(-1)).toBe('\r\x1b[2Krunning billing.charges.create (3 s) · 1 finished, 1 failed');
    line.stop();
    expect(written.at(-1)).toBe('\r\x1b[2K');
    const count = written.length;
    vi.advanceTimersByTime(5000);
    expect(written.length).toBe(count);
  });

  test('under CI or a pipe, writes a plain line every 10 s with the elapsed time and the rules finished and failed, never a redraw', () => {
    vi.useFakeTimers();
    for (const [isTTY, env] of [
      [false, {}],
      [true, { CI: 'true' }],
    ] as const) {
      const { stream, written } = terminal(isTTY);
      const line = liveLine(stream, env);
      line.ruleStarted('billing.token.issue');
      vi.advanceTimersByTime(9_999);
      expect(written).toEqual([]);
      vi.advanceTimersByTime(1);
      line.ruleFinished({ ruleId: 'billing.token.issue', family: 'billing', status: 'failed', section: '' });
      vi.advanceTimersByTime(10_000);
      expect(written).toEqual([
        'harness run: 10 s elapsed · running billing.token.issue (10 s) · 0 finished, 0 failed\n',
        'harness run: 20 s elapsed · between rules · 1 finished, 1 failed\n',
      ]);
      line.stop();
      vi.advanceTimersByTime(30_000);
      expect(written).toHaveLength(2);
    }
  });
});

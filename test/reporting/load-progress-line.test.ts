import { afterEach, describe, expect, test, vi } from 'vitest';
import { loadProgressLine } from '../../reporting/load-progress-line.ts';

function terminal(isTTY: boolean) {
  const written: string[] = [];
  return {
    stream: { isTTY, columns: 120, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream,
    written,
  };
}

const progress = {
  scenario: 'token-rate-limit',
  elapsedSeconds: 3.4,
  currentRate: 40,
  ok: 90,
  limited: 30,
  other: 2,
  errors: 1,
};

afterEach(() => vi.useRealTimers());

describe('the load progress line', () => {
  test('on a terminal, shows the elapsed time, the current rate and the 2xx / 429 / other counts', () => {
    const { stream, written } = terminal(true);
    const line = loadProgressLine(stream, {});
    line.show(progress);
    expect(written.at(-1)).toBe('\r\x1b[2Ktoken-rate-limit · 3 s · 40 req/s · 2xx 90 · 429 30 · other 2 · errors 1');
    line.stop();
    expect(written.at(-1)).toBe('\r\x1b[2K');
    line.show({ ...progress, dropped: 4 });
    expect(written.at(-1)).toMatch(/errors 1 · dropped 4$/);
  });

  test('under CI or a pipe, writes the latest progress (with p99) as a plain line every 10 s, and nothing while none comes', () => {
    vi.useFakeTimers();
    for (const [isTTY, env] of [
      [false, {}],
      [true, { CI: 'true' }],
    ] as const) {
      const { stream, written } = terminal(isTTY);
      const line = loadProgressLine(stream, env);
      line.show(progress);
      line.show({ ...progress, elapsedSeconds: 9.6, p99Ms: 12.34 });
      vi.advanceTimersByTime(10_000);
      expect(written).toEqual([
        'harness load: token-rate-limit · 10 s · 40 req/s · p99 12.3 ms · 2xx 90 · 429 30 · other 2 · errors 1\n',
      ]);
      vi.advanceTimersByTime(10_000);
      expect(written).toHaveLength(1);
      line.stop();
      line.show(progress);
      vi.advanceTimersByTime(30_000);
      expect(written).toHaveLength(1);
    }
  });
});

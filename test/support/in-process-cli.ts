import { vi } from 'vitest';
import { main } from '../../cli/main.ts';

/** The CLI in this process (cli/main.ts), its output kept: the exit code and every line printed, in order. */
export async function harnessInProcess(args: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const keep = (line: unknown) => void lines.push(String(line));
  const log = vi.spyOn(console, 'log').mockImplementation(keep);
  const error = vi.spyOn(console, 'error').mockImplementation(keep);
  try {
    return { code: await main(args), output: lines.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

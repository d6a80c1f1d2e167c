import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { runCli } from '../support/run-harness-cli.ts';

const bin = fileURLToPath(new URL('../../bin/harness.js', import.meta.url));

test('`harness rules --json | head`: a reader that closes the pipe early ends the command quietly (no EPIPE stack trace)', async () => {
  const child = spawn(process.execPath, [bin, 'rules', '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // Like `head -1`: read the first chunk, then close the pipe.
  child.stdout.once('data', () => child.stdout.destroy());
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(stderr).not.toMatch(/EPIPE|Error|at /);
  expect(code).toBe(0);
});

test('a port in use reads as such, with what to do, and exits 2', async () => {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const port = (holder.address() as { port: number }).port;
  try {
    const result = await runCli(['reference', '--port', String(port)]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`harness: PORT_IN_USE: port ${port} on 127.0.0.1 is already in use`);
    expect(result.stderr).toContain('--port 0 picks a free one');
    expect(result.stderr).not.toContain('USAGE');
  } finally {
    await new Promise((resolve) => holder.close(resolve));
  }
});

test('a mistyped command, suite, option or load scenario gets a did-you-mean, and a number out of bounds one line with its bound: exit 2, no stack', async () => {
  const cases: [string[], string][] = [
    [['rnu'], 'harness: USAGE: Unknown command "rnu": did you mean "run"?'],
    [['load', 'nightyl'], 'harness: USAGE: No load scenario "nightyl": did you mean "nightly"?'],
    [
      ['load', 'nightly', '--rate', '1000000'],
      'harness: USAGE: --rate must be an integer from 1 to 100000, got 1000000',
    ],
    [
      ['load', 'nightly', '--duration', '2h'],
      'harness: USAGE: --duration must be a duration from 1 s to 3600 s (600, 90s, 10m), got 2h',
    ],
    // Suites and options get a did-you-mean too; a value that looks like an option, and none at all, read plainly.
    [['run', '--suite', 'shortner'], 'harness: USAGE: No suite "shortner" (did you mean "shortener"?)'],
    [['run', '--targt', 'x'], `harness: USAGE: Unknown option '--targt' (did you mean "--target"?)`],
    [
      ['run', '--runs', '-1'],
      'harness: USAGE: --runs needs a value, got the option-like "-1" (write --runs=-1 if that is the value)',
    ],
    [['run', '--runs=-1'], 'harness: USAGE: --runs must be an integer of at least 1, got -1'],
    // No random case at all would judge the property rules on their boundaries alone: refused.
    [['run', '--runs', '0'], 'harness: USAGE: --runs must be an integer of at least 1, got 0'],
  ];
  for (const [args, said] of cases) {
    const result = await runCli(args);
    expect(result.code, args.join(' ')).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(said);
    expect(result.stderr).not.toMatch(/ZodError|\n\s+at /);
  }
});

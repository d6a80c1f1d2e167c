import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, onTestFinished, test } from 'vitest';
import { tempFolder } from '../support/temp-folders.ts';

/*
 * The real `harness init` under a pseudo-terminal (util-linux `script`), answered through its stdin: what a person
 * at a terminal gets. Without a terminal nothing is asked (test/cli/init-command.test.ts runs init with a pipe).
 */

const bin = fileURLToPath(new URL('../../bin/harness.js', import.meta.url));
const hasScript = spawnSync('script', ['--version']).status === 0;
if (!hasScript) console.log('init-terminal.test.ts: skipped, util-linux `script` is not on PATH (no pseudo-terminal)');

const quoted = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

/** One answer written once the terminal shows the text it waits for (a question's prompt). */
interface Step {
  after: string;
  write: string;
}

/** Runs init at a pseudo-terminal, writing each step's answer once its prompt is shown; resolves at its exit. */
function initAtTerminal(args: string[], steps: readonly Step[]): Promise<{ code: number | null; output: string }> {
  const command = [process.execPath, bin, 'init', ...args].map(quoted).join(' ');
  const env = { ...process.env };
  // The test may itself run in CI, where init never asks.
  delete env.CI;
  const child = spawn('script', ['-qfec', command, '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  // A prompt that never comes leaves no terminal behind when the test ends.
  onTestFinished(() => {
    if (child.exitCode === null) child.kill();
  });
  let output = '';
  let next = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    while (next < steps.length && output.includes((steps[next] as Step).after)) {
      child.stdin.write((steps[next] as Step).write);
      next += 1;
    }
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

test.skipIf(!hasScript)(
  'at a terminal init asks what it cannot know, asks a wrong answer again, and writes the answers as --set would',
  async () => {
    const targets = join(tempFolder('harness-init-tty-'), 'targets.json');
    const { code, output } = await initAtTerminal(
      ['--family', 'billing', '--name', 'svc', '--targets', targets, '--set', 'billing.credentials.clientId=${MY_ID}'],
      [
        { after: 'billing.baseUrl [', write: 'not a url\n' },
        { after: 'Invalid URL', write: 'http://127.0.0.1:8080/billing\n' },
        { after: 'billing.tenant [', write: '{"multiOrg":true,"accessibleOrgs":["org-a"]}\n' },
      ],
    );
    expect(code, output).toBe(0);
    const entry = JSON.parse(readFileSync(targets, 'utf8')).targets.svc;
    expect(entry.families.billing).toMatchObject({
      baseUrl: 'http://127.0.0.1:8080/billing',
      credentials: { clientId: '${MY_ID}', clientSecret: '${BILLING_CREDENTIALS_CLIENT_SECRET}' },
      tenant: { multiOrg: true, accessibleOrgs: ['org-a'] },
    });
    // The flag's key is not asked again; the secret is never asked, only named to export.
    expect(output).not.toContain('billing.credentials.clientId [');
    expect(output).not.toContain('billing.credentials.clientSecret [');
    expect(output).toContain(
      'BILLING_CREDENTIALS_CLIENT_SECRET  (targets.svc.families.billing.credentials.clientSecret)',
    );
  },
);

test.skipIf(!hasScript)('Ctrl-C at a question ends init with exit 2 and writes nothing', async () => {
  const targets = join(tempFolder('harness-init-tty-'), 'targets.json');
  const { code, output } = await initAtTerminal(
    ['--family', 'billing', '--name', 'svc', '--targets', targets],
    [
      { after: 'billing.baseUrl [', write: 'http://127.0.0.1:8080/billing\n' },
      { after: 'billing.credentials.clientId [', write: '\u0003' },
    ],
  );
  expect(code, output).toBe(2);
  expect(output).toContain('harness init stopped at billing.credentials.clientId');
  expect(existsSync(targets)).toBe(false);
});

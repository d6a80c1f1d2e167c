import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, describe, expect, test } from 'vitest';
import { launchLoaded, type LoadedTarget } from '../../run/target-stage.ts';
import { commandArgv } from '../../targets/launch-target.ts';
import { resolveTarget } from '../../families/resolve-target.ts';
import { portInUse } from '../../targets/free-port.ts';
import type { LaunchedTarget } from '../../targets/launched-target.ts';
import { alive } from '../support/process-alive.ts';
import { bundledTargets, runCli, writeTargets } from '../support/run-harness-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'harness-port-taken-'));
const started: LaunchedTarget[] = [];
const holders: number[] = [];
afterAll(async () => {
  for (const target of started) await target.stop();
  for (const pid of holders) if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A target started on argv[2] that fails its first starts as argv[4] says, counting them in argv[3]:
 * `says` prints Node's EADDRINUSE line; `silent` has another process take the port, then exits saying nothing;
 * `other` fails for a reason that is not the port. After the failures it serves and prints `ready`.
 */
const target = join(dir, 'target.mjs');
writeFileSync(
  target,
  `import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
const [port, counter, how, failures] = process.argv.slice(2);
const starts = (existsSync(counter) ? Number(readFileSync(counter, 'utf8')) : 0) + 1;
writeFileSync(counter, String(starts));
if (starts <= Number(failures)) {
  if (how === 'says') { console.error('Error: listen EADDRINUSE: address already in use 127.0.0.1:' + port); process.exit(1); }
  if (how === 'other') { console.error('boom: the configuration is wrong'); process.exit(1); }
  const holder = spawn(process.execPath, ['-e', "require('node:net').createServer().listen(" + port + ", '127.0.0.1'); setTimeout(() => {}, 20000)"], { detached: true, stdio: 'ignore' });
  holder.unref();
  writeFileSync(counter + '.holders', String(holder.pid) + '\\n', { flag: 'a' });
  setTimeout(() => process.exit(1), 500);
} else {
  createServer((req, res) => res.end('port ' + port)).listen(Number(port), '127.0.0.1', () => console.log('ready'));
}
`,
);

async function loaded(name: string, how: string, failures: number): Promise<LoadedTarget & { counter: string }> {
  const counter = join(dir, `${name}.count`);
  const file = {
    path: join(dir, 'targets.json'),
    defaultTarget: name,
    rawTargets: {
      [name]: {
        kind: 'command',
        command: ['node', target, '{port}', counter, how, String(failures)],
        ready: { stdoutMatches: '^ready$', timeoutMs: 15_000 },
        families: { shortener: { baseUrl: 'http://127.0.0.1:{port}/shortener', token: 'a-token' } },
      },
    },
  };
  return { file, target: await resolveTarget(file, name, {}), counter };
}

function startsCounted(counter: string): number {
  return Number(readFileSync(counter, 'utf8'));
}

describe('a port chosen for {port} and taken before the target listens', () => {
  test('the target saying its address is in use is started again on another port, and its entry names that port', async () => {
    const chosen = await loaded('says', 'says', 1);
    const { target: running, launched } = await launchLoaded(chosen);
    started.push(launched);
    expect(startsCounted(chosen.counter)).toBe(2);
    expect(running.port).not.toBe(chosen.target.port);
    const base = (running.entry.families.shortener as { baseUrl: string }).baseUrl;
    expect(base).toBe(`http://127.0.0.1:${running.port}/shortener`);
    expect(await (await request(base)).body.text()).toBe(`port ${running.port}`);
  });

  test('a target that exits silently while another process holds its port is started again, twice at most', async () => {
    const chosen = await loaded('silent', 'silent', 2);
    const { target: running, launched } = await launchLoaded(chosen);
    started.push(launched);
    holders.push(...readFileSync(`${chosen.counter}.holders`, 'utf8').trim().split('\n').map(Number));
    expect(startsCounted(chosen.counter)).toBe(3);
    expect(await portInUse(chosen.target.port as number)).toBe(true);
    expect(running.port).not.toBe(chosen.target.port);
  });

  test('after three starts on taken ports the start fails, naming the target and its output', async () => {
    const chosen = await loaded('always', 'says', 5);
    await expect(launchLoaded(chosen)).rejects.toThrow(/Target "always" did not become ready[\s\S]*EADDRINUSE/);
    expect(startsCounted(chosen.counter)).toBe(3);
  });

  test('a start that fails for another reason is the target failing: started once, never again', async () => {
    const chosen = await loaded('other', 'other', 1);
    await expect(launchLoaded(chosen)).rejects.toThrow(/did not become ready[\s\S]*boom/);
    expect(startsCounted(chosen.counter)).toBe(1);
    expect(existsSync(`${chosen.counter}.holders`)).toBe(false);
  });
});

describe('harness run on a target whose first port was taken', () => {
  test('starts it again on another port and judges it there: the run is the target’s, not a start failure', async () => {
    const counter = join(dir, 'run.count');
    // Says its address is in use on the first start, then runs the bundled reference on the port it is given.
    const wrapper = join(dir, 'first-start-taken.mjs');
    writeFileSync(
      wrapper,
      `import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
const [counter, ...command] = process.argv.slice(2);
if (!existsSync(counter)) { writeFileSync(counter, '1'); console.error('Error: listen EADDRINUSE: address already in use'); process.exit(1); }
const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code) => process.exit(code ?? 1));
`,
    );
    const entry = bundledTargets.targets.reference;
    if (!entry) throw new Error('bundled targets.json has no reference');
    const command = ['node', wrapper, counter, ...commandArgv(entry.command)];
    const targets = writeTargets({ wrapped: { ...entry, command } });
    const result = await runCli([
      'run',
      '--targets',
      targets,
      '--target',
      'wrapped',
      '--rule',
      'shortener.bodies.json',
    ]);
    expect(result.code, result.stdout.slice(-2000)).toBe(0);
    expect(result.summary().rules.map((rule) => [rule.ruleId, rule.status])).toEqual([
      ['shortener.bodies.json', 'passed'],
    ]);
  });
});

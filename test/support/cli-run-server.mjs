// A process that runs the harness CLI's commands one after another, for the self-tests (run-harness-cli.ts): started
// like the CLI (bin/harness.js's node flags and environment), it loads the CLI once and then runs `main(argv)` for each
// request, with the request's environment and its output kept apart. A run in a fresh process spends about 0.7 s of
// CPU loading vitest, vite and the CLI before its first request; the self-tests make a few hundred runs.
//
// A request: { args, env }. The answer: { code, stdout, stderr, cpuSeconds } (this process's CPU and that of the
// children it waited for: the suite workers, the target it started). A run that ends the process (a forced exit)
// writes what it printed to the real stdout and stderr on its way out, where the caller collects it.
import { readFileSync, writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadCliMain, withCliChildSettings } from '../../bin/cli-main.mjs';

// Each run adds its listeners (the interruption's, the EPIPE guard): not a leak across runs of this server.
process.setMaxListeners(0);
process.stdout.setMaxListeners(0);
process.stderr.setMaxListeners(0);
process.setSourceMapsEnabled(true);

const { main } = await loadCliMain({ drivesVitest: true });

/** The CLI's own file: a run's argv names it, as a run of bin/harness.js does (its replay lines start with it). */
const bin = fileURLToPath(new URL('../../bin/harness.js', import.meta.url));

/** What the run in progress printed, stream by stream; undefined between runs. */
let printed;
for (const name of ['stdout', 'stderr']) {
  const stream = process[name];
  const write = stream.write.bind(stream);
  stream.write = (chunk, encoding, callback) => {
    if (!printed) return write(chunk, encoding, callback);
    printed[name].push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
    const done = typeof encoding === 'function' ? encoding : callback;
    if (done) queueMicrotask(() => done());
    return true;
  };
}
process.on('exit', () => {
  if (!printed) return;
  writeSync(1, printed.stdout.join(''));
  writeSync(2, printed.stderr.join(''));
});

/** CPU seconds of this process and of the children it waited for (/proc/self/stat: utime, stime, cutime, cstime). */
function cpuSeconds() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
}

/** Makes `env` this process's whole environment; returns the one it replaced. */
function replaceEnvironment(env) {
  const before = { ...process.env };
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  Object.assign(process.env, env);
  return before;
}

process.on('message', async ({ args, env }) => {
  const before = replaceEnvironment(withCliChildSettings({ ...env }));
  process.argv = [process.argv[0], bin, ...args];
  const cpuBefore = cpuSeconds();
  printed = { stdout: [], stderr: [] };
  let code;
  try {
    code = await main(args);
  } catch (error) {
    printed.stderr.push(`harness: internal error: ${error?.stack ?? String(error)}\n`);
    code = 2;
  }
  const { stdout, stderr } = printed;
  printed = undefined;
  replaceEnvironment(before);
  process.send({ code, stdout: stdout.join(''), stderr: stderr.join(''), cpuSeconds: cpuSeconds() - cpuBefore });
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });

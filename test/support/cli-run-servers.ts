import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The self-tests' run servers (cli-run-server.mjs): processes that load the CLI once and run its commands one after
 * another, each in its own environment. A test file's concurrent runs take one server each; a server is kept for the
 * next run once its run ended, and ends with the test worker (its IPC channel closes).
 */
const serverFile = fileURLToPath(new URL('./cli-run-server.mjs', import.meta.url));

export interface ServedRun {
  code: number;
  stdout: string;
  stderr: string;
  cpuSeconds?: number;
  /** The server that ran it. */
  serverPid: number;
}

interface Answer {
  ready?: true;
  code: number;
  stdout: string;
  stderr: string;
  cpuSeconds: number;
}

interface RunServer {
  child: ChildProcess;
  ready: Promise<void>;
  /** Set while a run is in progress: what reaches the process's real stdout and stderr (a forced exit's output). */
  piped?: { stdout: string[]; stderr: string[] };
}

const idle: RunServer[] = [];

/** An idle server still alive (one that died between runs is dropped). */
function idleServer(): RunServer | undefined {
  for (let server = idle.pop(); server; server = idle.pop())
    if (server.child.exitCode === null && server.child.signalCode === null) return server;
  return undefined;
}

/** A server started as the CLI is (`nodeFlags` from bin/harness.js's first line, `env` its environment). */
function startServer(nodeFlags: readonly string[], env: NodeJS.ProcessEnv): RunServer {
  const child = fork(serverFile, [], { execArgv: [...nodeFlags], env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (message: Partial<Answer>) => {
      if (!message.ready) return;
      child.off('message', onMessage);
      resolve();
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`the run server exited (${code}) before it was ready`)));
  });
  const server: RunServer = { child, ready };
  for (const name of ['stdout', 'stderr'] as const)
    child[name]?.on('data', (chunk: Buffer) => server.piped?.[name].push(chunk.toString()));
  // The server ends when the test worker does; between runs it holds nothing open.
  holdOpen(child, false);
  return server;
}

/** Whether the server's process, IPC channel and pipes keep the test worker's event loop alive (during a run only). */
function holdOpen(child: ChildProcess, held: boolean): void {
  const method = held ? 'ref' : 'unref';
  child[method]();
  child.channel?.[method]();
  for (const stream of [child.stdout, child.stderr])
    (stream as unknown as Partial<Record<typeof method, () => void>> | null)?.[method]?.();
}

/**
 * Runs `harness <args>` in a run server with `env` as its whole environment. After `timeoutMs` the server gets
 * SIGTERM, as a timed-out CLI process does (the run winds down as interrupted), and is not used again.
 */
export async function runInServer(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  { nodeFlags, timeoutMs }: { nodeFlags: readonly string[]; timeoutMs: number },
): Promise<ServedRun> {
  const server = idleServer() ?? startServer(nodeFlags, env);
  holdOpen(server.child, true);
  await server.ready;
  server.piped = { stdout: [], stderr: [] };
  const { child } = server;
  let timedOut = false;
  const answer = await new Promise<ServedRun>((resolve) => {
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
    }, timeoutMs);
    const onMessage = (message: Answer) => {
      if (message.ready) return;
      finish();
      resolve({
        ...message,
        stdout: message.stdout + piped('stdout'),
        stderr: message.stderr + piped('stderr'),
        serverPid: child.pid ?? 0,
      });
    };
    // A run that ended the process (a forced exit) printed on its way out what it had printed: all of it is in once
    // its pipes closed.
    const onExit = (code: number | null) => {
      finish();
      resolve({ code: code ?? 99, stdout: piped('stdout'), stderr: piped('stderr'), serverPid: child.pid ?? 0 });
    };
    const piped = (name: 'stdout' | 'stderr') => server.piped?.[name].join('') ?? '';
    const finish = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('close', onExit);
    };
    child.on('message', onMessage);
    child.once('close', onExit);
    child.send({ args, env });
  });
  server.piped = undefined;
  if (timedOut || child.exitCode !== null || child.signalCode !== null) child.kill('SIGKILL');
  else {
    holdOpen(child, false);
    idle.push(server);
  }
  return answer;
}

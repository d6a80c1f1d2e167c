import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freeLoopbackPort } from './free-port.ts';
import { tempFolder } from './temp-folders.ts';

/*
 * A real Prometheus for the remote-write tests (Debian's package, 2.42): started on a loopback port with its remote
 * write receiver, a throwaway config (no scrapes) and TSDB folder, queried through its HTTP API, stopped after.
 */

/** The prometheus binary on PATH, or undefined (the tests that need it skip, saying so). */
export function findPrometheus(): string | undefined {
  const found = spawnSync('which', ['prometheus'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : undefined;
}

/** Why a Prometheus test is skipped, printed by the test file; undefined when it can run. */
export function prometheusMissing(): string | undefined {
  return findPrometheus()
    ? undefined
    : 'prometheus is not on PATH (apt-get install prometheus, as .ci/run does): the remote-write test against a real Prometheus is skipped';
}

export interface PrometheusServer {
  /** http://127.0.0.1:PORT */
  url: string;
  /** Where remote write posts. */
  writeUrl: string;
  /** An instant query's vector (`/api/v1/query`), each element's labels and value. */
  query(promql: string): Promise<{ metric: Record<string, string>; value: number }[]>;
  stop(): Promise<void>;
}

async function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}

/** Starts Prometheus and waits (at most 30 s) until /-/ready answers 200. */
export async function startPrometheus(binary = findPrometheus() as string): Promise<PrometheusServer> {
  const folder = tempFolder('harness-prometheus-');
  const config = join(folder, 'prometheus.yml');
  writeFileSync(config, 'global:\n  scrape_interval: 1m\nscrape_configs: []\n');
  const port = await freeLoopbackPort();
  const url = `http://127.0.0.1:${port}`;
  const log: string[] = [];
  const child = spawn(
    binary,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${join(folder, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--web.enable-remote-write-receiver',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const server: PrometheusServer = {
    url,
    writeUrl: `${url}/api/v1/write`,
    async query(promql) {
      const response = await fetch(`${url}/api/v1/query?${new URLSearchParams({ query: promql })}`);
      const body = (await response.json()) as {
        status: string;
        error?: string;
        data?: { result: { metric: Record<string, string>; value: [number, string] }[] };
      };
      if (body.status !== 'success') throw new Error(`Prometheus refused ${promql}: ${body.error}`);
      return (body.data?.result ?? []).map(({ metric, value }) => ({ metric, value: Number(value[1]) }));
    },
    stop: () => stopped(child),
  };
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${url}/-/ready`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return server;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  await server.stop();
  throw new Error(`Prometheus did not get ready on ${url}:\n${log.join('').slice(-2000)}`);
}

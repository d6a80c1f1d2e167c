import { spawnSync } from 'node:child_process';
import type Dockerode from 'dockerode';
import {
  type ContainerRuntimeClient,
  GenericContainer,
  type StartedTestContainer,
  type WaitStrategy,
} from 'testcontainers';
import { defaultRedactor, isSecretEnvName } from '../../core/redaction.ts';
import { HarnessError } from '../../core/harness-error.ts';
import type { LaunchedTarget } from '../launched-target.ts';
import { RecentLines } from '../output-lines.ts';
import { type ReadinessSpec, waitUntilReady } from '../readiness.ts';
import type { ContainerTarget } from '../schema.ts';
import { connectEngine, engineFacts, firstLine, imagePresent, pullImage } from './engine.ts';

/** Label on every container the harness starts: `docker ps -a --filter label=harness.target` finds leftovers. */
export const targetLabel = 'harness.target';

/**
 * Starts a container target with testcontainers and waits until it is ready. A failed start says why in one
 * line (no engine, image missing, exited, not ready in time, with the last log lines after it) and leaves
 * nothing behind: testcontainers removes a container whose readiness failed.
 */
export async function launchContainer(
  name: string,
  entry: ContainerTarget,
  hostPort: number | undefined,
  abort?: AbortSignal,
): Promise<LaunchedTarget> {
  const fail = startFailure(name, entry);
  for (const [key, value] of Object.entries(entry.env)) if (isSecretEnvName(key)) defaultRedactor.addSecret(value);
  const client = await connectEngine();
  await ensureImage(client, name, entry, fail);
  const reachedOn = hostPort ?? entry.port;
  const network = await networkOf(client, name, entry, reachedOn, fail);
  const lines = new RecentLines();
  let containerId: string | undefined;
  const container = new ContainerWithId(entry.image, (id) => (containerId = id))
    .withEnvironment(entry.env)
    .withLabels({ [targetLabel]: name })
    .withLogConsumer((stream) => lines.follow(stream))
    .withWaitStrategy(new TargetReadiness(readinessSpec(entry), lines, abort))
    .withStartupTimeout(entry.ready.timeoutMs);
  if (entry.command) container.withCommand(entry.command);
  if (network === 'host') container.withNetworkMode('host');
  else container.withExposedPorts({ container: entry.port, host: reachedOn });
  let started: StartedTestContainer;
  try {
    started = await container.start();
  } catch (error) {
    return fail(firstLine(error), lines);
  }
  return launched(started, lines, () => containerId);
}

/** Throws why the container target did not start, with its last log lines (redacted) when it has run. */
type StartFailure = (why: string, lines?: RecentLines, fix?: string) => never;

function startFailure(name: string, entry: ContainerTarget): StartFailure {
  return (why, lines, fix = `check targets.${name}.image and targets.${name}.ready`) => {
    const log = lines?.last(40).map((line) => defaultRedactor.redactSecrets(line));
    throw new HarnessError(
      'TARGET_START_FAILED',
      `Container target "${name}" (${entry.image}) did not start: ${why}${log ? `\nIts last log lines:\n${log.join('\n') || '(no output)'}` : ''}`,
      fix,
    );
  };
}

/** Pulls the image when the engine lacks it, failing in one line where no registry is reachable. */
async function ensureImage(
  client: ContainerRuntimeClient,
  name: string,
  entry: ContainerTarget,
  fail: StartFailure,
): Promise<void> {
  if (await imagePresent(client, entry.image).catch(() => false)) return;
  // testcontainers pulls a missing image; where no registry is reachable that fails with a long engine message.
  await pullImage(client, entry.image).catch((error: unknown) =>
    fail(
      `image ${entry.image} is not on the engine and could not be pulled (${firstLine(error)})`,
      undefined,
      `build or load the image first (the reference's: npm run image:reference), or fix targets.${name}.image`,
    ),
  );
}

/** The network the container joins ('auto': bridge where the engine has one); host networking keeps its port. */
async function networkOf(
  client: ContainerRuntimeClient,
  name: string,
  entry: ContainerTarget,
  reachedOn: number,
  fail: StartFailure,
): Promise<string> {
  const network =
    entry.network === 'auto' ? ((await engineFacts(client)).hasBridgeNetwork ? 'bridge' : 'host') : entry.network;
  if (network === 'host' && reachedOn !== entry.port) {
    fail(
      `with host networking the target is reached on the port it listens on, but port is ${entry.port} and {port} is ${reachedOn}`,
      undefined,
      `set targets.${name}.port to "{port}" and pass {port} to the target in its command or env`,
    );
  }
  return network;
}

/** The started container as a launched target: its output, a stop that removes it, and a kill for a hasty exit. */
function launched(
  started: StartedTestContainer,
  lines: RecentLines,
  createdId: () => string | undefined,
): LaunchedTarget {
  let stopped: Promise<void> | undefined;
  return {
    containerId: started.getId(),
    recentOutput: () => lines.last().map((line) => defaultRedactor.redactSecrets(line)),
    stop: () =>
      (stopped ??= started.stop({ remove: true, timeout: 5_000 }).then(
        () => undefined,
        () => removeNow(started.getId()),
      )),
    // The process exits right after: only a synchronous call can still remove the container.
    kill: () => removeNow(createdId() ?? started.getId()),
  };
}

function readinessSpec(entry: ContainerTarget): Omit<ReadinessSpec, 'timeoutMs'> {
  const { logMatches, httpGet } = entry.ready;
  return { ...(logMatches ? { linePattern: logMatches } : {}), ...(httpGet ? { httpGet } : {}) };
}

/** `docker rm -f`, synchronously, when the harness must exit at once. */
function removeNow(id: string): void {
  const removed = spawnSync('docker', ['rm', '-f', id], { stdio: 'ignore', timeout: 10_000 });
  if (removed.status !== 0)
    console.error(
      `harness: container ${id.slice(0, 12)} may still exist: remove it with docker rm -f ${id.slice(0, 12)}`,
    );
}

/** A GenericContainer that tells its id as soon as the engine created it (before readiness), for Ctrl-C. */
class ContainerWithId extends GenericContainer {
  constructor(
    image: string,
    private readonly created: (id: string) => void,
  ) {
    super(image);
  }

  protected override async containerCreated(containerId: string): Promise<void> {
    this.created(containerId);
  }
}

/** testcontainers' wait, done the way every target kind is: a log line or an HTTP answer, or it exited. */
class TargetReadiness implements WaitStrategy {
  #startupTimeoutMs = 60_000;
  #timeoutSet = false;

  constructor(
    private readonly spec: Omit<ReadinessSpec, 'timeoutMs'>,
    private readonly lines: RecentLines,
    private readonly abort: AbortSignal | undefined,
  ) {}

  async waitUntilReady(container: Dockerode.Container): Promise<void> {
    const gone = container.wait().then(
      (result: { StatusCode: number }) => `it exited (code ${result.StatusCode}) before it was ready`,
      (error: unknown) => `its state could not be watched (${firstLine(error)})`,
    );
    await waitUntilReady(
      { ...this.spec, timeoutMs: this.#startupTimeoutMs },
      { lines: this.lines, gone, ...(this.abort ? { abort: this.abort } : {}) },
    );
  }

  withStartupTimeout(startupTimeoutMs: number): this {
    this.#startupTimeoutMs = startupTimeoutMs;
    this.#timeoutSet = true;
    return this;
  }

  isStartupTimeoutSet(): boolean {
    return this.#timeoutSet;
  }

  getStartupTimeout(): number {
    return this.#startupTimeoutMs;
  }
}

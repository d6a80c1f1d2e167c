import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { harnessImage } from '../../cli/harness-image/harness-image.ts';

/** Docker Swarm for the orchestrator test: a replicated job of the harness image, and the swarm left as it was. */

const run = promisify(execFile);

export async function docker(...args: string[]): Promise<string> {
  return (await run('docker', args, { encoding: 'utf8', timeout: 60_000 })).stdout.trim();
}

/**
 * Why the Swarm test cannot run here (no engine, no image of the harness's current files), or undefined when it can.
 */
export async function swarmUnavailable(): Promise<string | undefined> {
  try {
    await docker('version', '--format', '{{.Server.Version}}');
  } catch (error) {
    return `no container engine answers (${(error as Error).message.split('\n')[0]})`;
  }
  try {
    // Rebuilt when the files changed since the image was made (the files are hashed; no import when current).
    const { buildHarnessImage } = await import('../../cli/harness-image/build-harness-image.ts');
    await buildHarnessImage(harnessImage.tag, () => {});
  } catch (error) {
    return `no current ${harnessImage.tag} image, and it could not be built (${(error as Error).message.split('\n')[0]})`;
  }
  return undefined;
}

/**
 * Inits a single-node swarm on loopback unless this engine is in one; the returned function leaves only a swarm
 * it made, and removes the docker_gwbridge network `swarm init` adds and `swarm leave` keeps, when it was not there
 * before: the engine is left as it was.
 */
export async function ensureSwarm(): Promise<() => Promise<void>> {
  if ((await docker('info', '--format', '{{.Swarm.LocalNodeState}}')) === 'active') return async () => {};
  const networksBefore = (await docker('network', 'ls', '--format', '{{.Name}}')).split('\n');
  await docker('swarm', 'init', '--advertise-addr', '127.0.0.1');
  return async () => {
    await docker('swarm', 'leave', '--force');
    if (!networksBefore.includes('docker_gwbridge')) await docker('network', 'rm', 'docker_gwbridge').catch(() => '');
  };
}

/**
 * A replicated job of the harness image on the host's network, `replicas` tasks at once, each given its Swarm
 * slot in SEGMENT (the image's entry expands $(SEGMENT) in the arguments), `folder` mounted at /work.
 */
export async function createJob(
  name: string,
  replicas: number,
  folder: string,
  args: readonly string[],
): Promise<void> {
  await docker(
    'service',
    'create',
    '--detach',
    '--name',
    name,
    '--mode',
    'replicated-job',
    '--replicas',
    String(replicas),
    '--max-concurrent',
    String(replicas),
    '--restart-condition',
    'none',
    '--network',
    'host',
    '--env',
    `SEGMENT=slot:{{.Task.Slot}}/${replicas}`,
    '--mount',
    `type=bind,source=${folder},target=${harnessImage.workdir}`,
    harnessImage.tag,
    ...args,
  );
}

export interface JobTask {
  state: string;
  /** Swarm's reason for a task that did not complete (e.g. its container could not start), or empty. */
  error: string;
}

const endedStates = new Set(['Complete', 'Failed', 'Rejected', 'Shutdown', 'Orphaned']);

/**
 * Waits until `replicas` tasks of the job have completed, or none is left to run (every task ended, at least
 * `replicas` of them), at most `timeoutMs`; returns every task with its state. A task Swarm replaced (one whose
 * container failed to start on a busy machine) is listed beside its replacement, which is waited for: an orchestrator
 * retrying a task is not the harness failing.
 */
export async function jobEnded(name: string, replicas: number, timeoutMs: number): Promise<JobTask[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const tasks = (await docker('service', 'ps', name, '--no-trunc', '--format', '{{.CurrentState}}\t{{.Error}}'))
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [state = '', error = ''] = line.split('\t');
        return { state: state.split(' ')[0] as string, error };
      });
    const complete = tasks.filter((task) => task.state === 'Complete').length;
    const allEnded = tasks.length >= replicas && tasks.every((task) => endedStates.has(task.state));
    if (complete >= replicas || allEnded || Date.now() > deadline) return tasks;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** The job's containers' logs, for a failure message. */
export async function jobLogs(name: string): Promise<string> {
  return docker('service', 'logs', '--raw', name).catch((error: Error) => error.message);
}

/**
 * Removes the job and waits until none of its containers is left; the ended tasks' containers that Swarm has not
 * removed by then are removed here (a swarm left afterwards would keep them).
 */
export async function removeJob(name: string): Promise<void> {
  await docker('service', 'rm', name).catch(() => '');
  const left = () => docker('ps', '-a', '-q', '--filter', `label=com.docker.swarm.service.name=${name}`);
  for (let tries = 0; tries < 30; tries++) {
    if (!(await left())) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const ids = (await left()).split('\n').filter(Boolean);
  if (ids.length) await docker('rm', '-f', ...ids);
}

import { existsSync } from 'node:fs';
import { type ContainerRuntimeClient, getContainerRuntimeClient, ImageName } from 'testcontainers';
import { HarnessError } from '../../core/harness-error.ts';

/** How long finding an engine may take before the run gives up on it. */
const connectTimeoutMs = 15_000;

/**
 * Two testcontainers settings, unless the user set them. Its reaper is a container pulled from a registry,
 * which closed networks do not reach; the harness removes its containers itself (also on Ctrl-C, SIGTERM and
 * errors), so the reaper is off. With a local engine, the host containers are reached on is this machine:
 * without saying so, testcontainers looks it up through the engine's bridge network, and an engine started
 * without one (dockerd --bridge=none) is then reported as not working at all.
 */
export function applyTestcontainersDefaults(env: NodeJS.ProcessEnv = process.env): void {
  env.TESTCONTAINERS_RYUK_DISABLED ??= 'true';
  const localEngine = env.DOCKER_HOST === undefined || env.DOCKER_HOST.startsWith('unix://');
  if (localEngine) env.TESTCONTAINERS_HOST_OVERRIDE ??= '127.0.0.1';
}

/** The container engine testcontainers finds (DOCKER_HOST, the socket, its config), or a one-line reason. */
export async function connectEngine(): Promise<ContainerRuntimeClient> {
  applyTestcontainersDefaults();
  const socket = process.env.DOCKER_HOST?.startsWith('unix://')
    ? process.env.DOCKER_HOST.slice('unix://'.length)
    : undefined;
  // testcontainers would quietly fall back to the default socket: a DOCKER_HOST the user set must be the one used.
  if (socket !== undefined && !existsSync(socket)) {
    throw new HarnessError(
      'ENGINE_UNREACHABLE',
      `no container engine reachable: DOCKER_HOST names the socket ${socket}, which does not exist`,
      'start the engine, or fix or unset DOCKER_HOST',
    );
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${connectTimeoutMs / 1000} s`)), connectTimeoutMs);
  });
  try {
    return await Promise.race([getContainerRuntimeClient(), timeout]);
  } catch (error) {
    throw new HarnessError(
      'ENGINE_UNREACHABLE',
      `no container engine reachable: ${firstLine(error)}`,
      'start Docker (or point DOCKER_HOST at an engine), then retry; `harness doctor` checks it',
    );
  } finally {
    clearTimeout(timer);
  }
}

export interface EngineFacts {
  serverVersion: string;
  operatingSystem: string;
  /** The engine has a bridge network (containers can publish ports); without one they share the host's. */
  hasBridgeNetwork: boolean;
}

export async function engineFacts(client: ContainerRuntimeClient): Promise<EngineFacts> {
  const networks = await client.container.dockerode.listNetworks();
  return {
    serverVersion: String(client.info.containerRuntime.serverVersion),
    operatingSystem: client.info.containerRuntime.operatingSystem,
    // The default bridge, the one a container joins when none is named; other bridges (a swarm's docker_gwbridge)
    // publish no ports for it.
    hasBridgeNetwork: networks.some((network) => network.Name === 'bridge' && network.Driver === 'bridge'),
  };
}

export function imagePresent(client: ContainerRuntimeClient, image: string): Promise<boolean> {
  return client.image.exists(ImageName.fromString(image));
}

export function pullImage(client: ContainerRuntimeClient, image: string): Promise<void> {
  return client.image.pull(ImageName.fromString(image), { force: false, platform: undefined });
}

export function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (
    text
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim() ?? text
  );
}

/** What `harness doctor` says about a container target's engine and image, before starting it. */
export async function describeEngineFor(image: string, network: 'auto' | 'host' | 'bridge'): Promise<string[]> {
  const client = await connectEngine();
  const facts = await engineFacts(client);
  const chosen =
    network === 'auto'
      ? facts.hasBridgeNetwork
        ? 'bridge (auto)'
        : 'host (auto: the engine has no bridge network)'
      : network;
  const present = await imagePresent(client, image);
  return [
    `engine: reachable, server ${facts.serverVersion} on ${facts.operatingSystem}; network ${chosen}`,
    `image: ${image} ${present ? 'present' : 'missing (it will be pulled; where no registry is reachable, build or load it first)'}`,
  ];
}

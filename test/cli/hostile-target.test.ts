import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli, writeTargets } from '../support/run-harness-cli.ts';

/** Servers that misbehave in one way each; every request gets the same treatment. */
const behaviours: Record<
  string,
  (
    socket: import('node:net').Socket,
    respond: (status: number, headers: Record<string, string>, body: Buffer) => void,
  ) => void
> = {
  'broken gzip': (_, respond) =>
    respond(
      200,
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      Buffer.from('definitely not gzip'),
    ),
  'garbage bytes': (socket) => socket.end('\x00\x01\x02 not http at all\r\n\r\n'),
  hang: () => {},
  reset: (socket) => socket.resetAndDestroy(),
  'huge body': (_, respond) =>
    respond(200, { 'content-type': 'application/json' }, Buffer.alloc(3 * 1024 * 1024, 0x61)),
};

const servers: Server[] = [];
const ports: Record<string, number> = {};

beforeAll(async () => {
  for (const [name, behave] of Object.entries(behaviours)) {
    const server = createServer((request, response) => {
      request.resume();
      behave(request.socket, (status, headers, body) => response.writeHead(status, headers).end(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    ports[name] = (server.address() as { port: number }).port;
  }
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('a hostile target yields failed checks with evidence, never a crash of the run', () => {
  test.concurrent.each(Object.keys(behaviours))('%s', async (name) => {
    const targets = writeTargets({
      hostile: {
        kind: 'url',
        families: {
          billing: {
            baseUrl: `http://127.0.0.1:${ports[name]}/billing`,
            credentials: { clientId: '${HOSTILE_ID}', clientSecret: '${HOSTILE_SECRET}' },
          },
        },
        client: { timeoutMs: 800, maxBodyBytes: 1024 * 1024 },
      },
    });
    const result = await runCli(
      [
        'run',
        '--targets',
        targets,
        '--target',
        'hostile',
        '--seed',
        '5',
        '--runs',
        '1',
        '--rule',
        'billing.token.issue',
        '--rule',
        'billing.charges.create',
      ],
      {
        HOSTILE_ID: '11111111-2222-3333-4444-555555555555',
        HOSTILE_SECRET: 'hostile-secret-value',
      },
    );
    expect(result.code, result.stdout + result.stderr).toBe(1);
    const summary = result.summary();
    const issue = summary.rules.find((rule) => rule.ruleId === 'billing.token.issue');
    expect(issue?.status).toBe('failed');
    expect(issue?.evidence?.[0]?.curl).toContain('curl');
    // Without a token the charge check cannot judge the target: blocked by the token rule, which failed, with the reason.
    const create = summary.rules.find((rule) => rule.ruleId === 'billing.charges.create');
    expect(create?.status).toBe('blocked');
    expect(create?.blockedBy).toEqual(['billing.token.issue']);
    expect(create?.message).toContain('did not issue a token');
    expect(result.stdout).not.toContain('hostile-secret-value');
    expect(JSON.stringify(summary)).not.toContain('hostile-secret-value');
  });
});

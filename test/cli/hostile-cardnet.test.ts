import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, describe, expect, test } from 'vitest';
import { familyByName } from '../../families/index.ts';
import { startReferenceServer, type RunningReference } from '../../reference/server.ts';
import { listenLocally, type LocalServer, rewritingProxy } from '../support/rewriting-proxy.ts';
import { bundledTargets, type CliResult, runCli, writeTargets } from '../support/run-harness-cli.ts';

/*
 * Hostile card-network targets through the real CLI: a cards target whose links leave it, one whose next links
 * loop, and a JWE partner whose answer never ends. Each run ends with exit 1 and a finished report; nothing is
 * requested off the target and nothing from elsewhere reaches a report file.
 */

/**
 * Each run's deadline: below vitest's 240 s test timeout, so that a run slowed past it by a busy machine is
 * reported by the harness (stopped by its deadline) rather than cut by vitest. Whether a run ended by itself is
 * judged from its summary (not stopped, nothing not run), never from the clock.
 */
const maxTimeSeconds = 200;
const cardsToken = 'hostile-cardnet-cards-token-3e9b';
const agenticToken = 'hostile-cardnet-agentic-token-7c21';
/** What the other service answers: it must never appear in any report. */
const loot = 'INTERNAL-METADATA-LOOT-51f0';

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

/** A second local service standing for a cloud metadata address: it counts what reaches it. */
async function otherService(): Promise<{ origin: string; requests: () => number }> {
  let count = 0;
  const server = await listenLocally((_req, res) => {
    count++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ secret: loot }));
  });
  closers.push(() => server.close());
  return { origin: server.origin, requests: () => count };
}

/** A local server, stopped after the file. */
async function started(server: Promise<LocalServer>): Promise<string> {
  const running = await server;
  closers.push(() => running.close());
  return running.origin;
}

async function reference(env: NodeJS.ProcessEnv, family: string): Promise<RunningReference> {
  const module = familyByName(family);
  if (!module) throw new Error(`${family} is not registered`);
  const running = await startReferenceServer({ env, serve: [module] });
  closers.push(() => running.close());
  return running;
}

/** The terminal output and every report file of a run, as one text. */
function everything(result: CliResult): string {
  const results = join(result.reportsDir, 'allure-results');
  const files = [
    join(result.reportsDir, 'summary.json'),
    join(result.reportsDir, 'junit.xml'),
    ...readdirSync(results).map((name) => join(results, name)),
  ];
  return [result.stdout, result.stderr, ...files.map((file) => readFileSync(file, 'utf8'))].join('\n');
}

/** A finished report: summary.json complete, valid JUnit, Allure results written, nothing broken. */
function expectFinishedReport(result: CliResult): void {
  const summary = result.summary();
  expect(summary.inProgress).toBe(false);
  expect(summary.stoppedBy, result.stdout.slice(-3000)).toBeUndefined();
  expect(summary.notRun).toEqual([]);
  expect(summary.counts.broken, result.stdout.slice(-3000)).toBe(0);
  expect(XMLValidator.validate(readFileSync(join(result.reportsDir, 'junit.xml'), 'utf8'))).toBe(true);
  expect(readdirSync(join(result.reportsDir, 'allure-results')).some((file) => file.endsWith('-result.json'))).toBe(
    true,
  );
}

function cardsTargets(baseUrl: string): string {
  const section = familyByName('cards')?.reference.targetSection(baseUrl, 'wallet-provisioning', {
    REFERENCE_CARDS_TOKEN: '${HOSTILE_CARDS_TOKEN}',
  });
  // The client's default timeout (10 s): these targets answer at once, and a 3 s one failed rules on a busy machine
  // (this process serves the reference, the proxy and the other tests' targets too).
  return writeTargets({ hostile: { kind: 'url', families: { cards: section } } });
}

describe('hostile card-network targets through the CLI', () => {
  test.concurrent('cards links off the target: the links rule fails with the link, no request reaches the other address, nothing from it in the reports', async () => {
    const other = await otherService();
    const env = { REFERENCE_CARDS_TOKEN: cardsToken };
    const running = await reference(env, 'cards');
    const hostile = await started(
      rewritingProxy(running.origin, {
        rewrite: (path, body) => {
          const links = (body as { paginationDetails?: { links?: Record<string, string> } }).paginationDetails?.links;
          if (!path.endsWith('/transactions') || !links) return body;
          // next and last name the other service; a redirect-free hostile holder needs nothing more.
          for (const name of ['next', 'last'] as const)
            if (links[name] !== undefined) links[name] = `${other.origin}/latest/meta-data/${name}`;
          return body;
        },
      }),
    );
    const result = await runCli(
      [
        'run',
        '--targets',
        cardsTargets(`${hostile}/cards/v1`),
        '--target',
        'hostile',
        '--suite',
        'cards',
        '--seed',
        '3',
        '--runs',
        '5',
        '--max-time',
        String(maxTimeSeconds),
      ],
      { HOSTILE_CARDS_TOKEN: cardsToken, CI: 'true' },
    );

    expect(result.code, result.stdout.slice(-3000)).toBe(1);
    expectFinishedReport(result);
    expect(other.requests(), 'requests that reached the other address').toBe(0);
    const text = everything(result);
    expect(text).not.toContain(loot);
    expect(text).not.toContain(cardsToken);
    const rules = result.summary().rules;
    const links = rules.find((rule) => rule.ruleId === 'cards.transactions.links');
    expect(links?.status).toBe('failed');
    expect(links?.message).toContain(`${other.origin}/latest/meta-data/`);
    // One fault, one failed rule: every other rule passed or is blocked by the links rule.
    expect(rules.filter((rule) => rule.status === 'failed').map((rule) => rule.ruleId)).toEqual([
      'cards.transactions.links',
    ]);
    expect(
      rules
        .filter((rule) => rule.status === 'blocked')
        .every((rule) => rule.blockedBy?.includes('cards.transactions.links')),
    ).toBe(true);
  });

  test.concurrent('a cards link loop: the walk stops at the repeated page, the links rule fails, the walks that needed it read the pages by pageNumber', async () => {
    const entry = bundledTargets.targets.reference;
    if (!entry) throw new Error('bundled targets.json has no reference');
    const targets = writeTargets({
      loop: { ...entry, command: [...entry.command, '--mutant', 'cards-next-link-loop'] },
    });
    const result = await runCli(
      [
        'run',
        '--targets',
        targets,
        '--target',
        'loop',
        '--suite',
        'cards',
        '--seed',
        '3',
        '--runs',
        '5',
        '--max-time',
        String(maxTimeSeconds),
      ],
      { REFERENCE_CARDS_TOKEN: cardsToken, CI: 'true' },
    );

    expect(result.code, result.stdout.slice(-3000)).toBe(1);
    expectFinishedReport(result);
    const rules = result.summary().rules;
    expect(rules.filter((rule) => rule.status === 'failed').map((rule) => rule.ruleId)).toEqual([
      'cards.transactions.links',
    ]);
    expect(rules.find((rule) => rule.ruleId === 'cards.transactions.links')?.message).toMatch(
      /does not advance|already followed/,
    );
    // Issue 28: judged by the document's pageNumber parameter where the next links loop, not blocked.
    expect(rules.find((rule) => rule.ruleId === 'cards.transactions.walk-complete')?.status).toBe('passed');
  });

  test.concurrent('a JWE partner that answers with an endless body: the body is cut, the run ends with a finished report', async () => {
    const env: NodeJS.ProcessEnv = { REFERENCE_AGENTIC_TOKEN: agenticToken };
    const running = await reference(env, 'agentic');
    let endless = 0;
    const hostile = await started(
      rewritingProxy(running.origin, {
        answer: (req, res) => {
          if (req.method !== 'POST') return false;
          endless++;
          req.resume();
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('{"padding":"');
          const chunk = 'x'.repeat(64 * 1024);
          // Bounded: at most 64 MB per answer, and it stops as soon as the harness hangs up.
          let sent = 0;
          const pump = () => {
            while (!res.destroyed && sent < 1024) {
              sent++;
              if (!res.write(chunk)) return void res.once('drain', pump);
            }
            res.end('"}');
          };
          pump();
          return true;
        },
      }),
    );
    const section = familyByName('agentic')?.reference.targetSection(`${hostile}/agentic`, 'default', {
      ...env,
      REFERENCE_AGENTIC_TOKEN: '${HOSTILE_AGENTIC_TOKEN}',
    });
    const targets = writeTargets({
      hostile: { kind: 'url', families: { agentic: section }, client: { timeoutMs: 3000, maxBodyBytes: 1024 * 1024 } },
    });
    const result = await runCli(
      [
        'run',
        '--targets',
        targets,
        '--target',
        'hostile',
        '--suite',
        'agentic',
        '--seed',
        '3',
        '--runs',
        '3',
        '--max-time',
        String(maxTimeSeconds),
      ],
      { HOSTILE_AGENTIC_TOKEN: agenticToken, CI: 'true' },
    );

    expect(result.code, result.stdout.slice(-3000)).toBe(1);
    expectFinishedReport(result);
    expect(endless).toBeGreaterThan(0);
    expect(result.summary().counts.failed).toBeGreaterThan(0);
    expect(everything(result)).not.toContain(agenticToken);
  });
});

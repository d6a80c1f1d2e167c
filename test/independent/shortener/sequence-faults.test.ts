import { afterAll, describe, expect, test } from 'vitest';
import { runCli, writeTargets } from '../../support/run-harness-cli.ts';
import { type DocumentShortener, type SequenceFaults, startDocumentShortener } from './document-service.ts';

/*
 * The stateful phase's proof on a shortener written from document 2, part D (not the reference), with faults only a
 * sequence of requests shows: every single request behaves, and the planned probes pass. Each fault fails the one
 * rule whose sentence it breaks ("when taken for the requested domain the request fails with HTTP 400"), at the
 * default sequence budget, with the shrunk sequence shown step by step. The service without faults passes with the
 * phase in document-service.test.ts; bench/stateful-bench.ts runs more seeds of both.
 */

const services: DocumentShortener[] = [];
afterAll(() => Promise.all(services.map((service) => service.close())));

const faults: [string, SequenceFaults][] = [
  ['a refusal for a field forgets the path taken last', { refusalReleasesLastPath: true }],
  ['a path is kept per user, so another user takes it again', { pathKeptPerUser: true }],
];

/** The numbered steps of the shortest failing sequence, read from the rule's message. */
function shrunkSteps(message: string): string[] {
  const [, steps = ''] = message.split(/The shortest sequence that fails[^\n]*\n/);
  return steps.split('\n').filter((line) => /^\d+\. /.test(line));
}

describe('sequence-only faults of an independent shortener', () => {
  test.concurrent.for(faults)('%s: the taken-path rule fails, alone, with the shrunk sequence', async ([, fault]) => {
    const service = await startDocumentShortener(fault);
    services.push(service);
    const targets = writeTargets({ service: { kind: 'url', families: { shortener: { baseUrl: service.baseUrl } } } });
    const run = (...selection: string[]) =>
      runCli(['run', '--targets', targets, '--target', 'service', ...selection, '--seed', '4', '--runs', '10'], {
        CI: 'true',
      });
    // The rule alone (as harness mutants runs it: no late replay): only its stateful phase can find the fault.
    const alone = await run('--rule', 'shortener.vanity.taken-for-domain');
    expect(alone.code, alone.stdout.slice(-5000)).toBe(1);
    const [rule] = alone.summary().rules;
    const steps = shrunkSteps(rule?.message ?? '');
    expect(steps.length, rule?.message).toBeGreaterThanOrEqual(2);
    expect(steps.length, rule?.message).toBeLessThanOrEqual(6);
    // Every exchange of the shrunk sequence is in the evidence, in order, and its replay names seed and path.
    expect(rule?.evidence?.length).toBe(steps.length);
    expect(rule?.replay?.seed).toBe(4);
    expect(rule?.replay?.path).toMatch(/^\d+(:\d+)*$/);
    expect(alone.stdout).toContain('--rule shortener.vanity.taken-for-domain --seed 4');
    // The whole family: one fault, one failed rule.
    const family = await run('--suite', 'shortener');
    expect(family.code, family.stdout.slice(-5000)).toBe(1);
    const notPassed = family.summary().rules.filter((outcome) => outcome.status !== 'passed');
    expect(notPassed.map((outcome) => `${outcome.ruleId} ${outcome.status}`)).toEqual([
      'shortener.vanity.taken-for-domain failed',
    ]);
  });
});

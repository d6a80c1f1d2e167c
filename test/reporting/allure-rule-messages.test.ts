import type { RuntimeMessage } from 'allure-js-commons/sdk';
import { expect, test } from 'vitest';
import { allureRuleMessages, type LabelledRule } from '../../reporting/allure-rule-messages.ts';
import { outcomeOf } from '../support/summary-parts.ts';

const rule: LabelledRule = {
  id: 'billing.a',
  family: 'billing',
  statement: 'A charge is created once.',
  source: { document: 'Billing spec', section: 'Endpoints > Charges' },
};
const run = { targetName: 'staging', seed: 7 };
const at = 1_700_000_000_000;
const exchange = { request: 'POST /charges', response: 'HTTP/1.1 500', curl: 'curl -X POST /charges' };

/** The attachments' names, content types and texts, in order. */
function attachments(messages: RuntimeMessage[]) {
  return messages.flatMap((message) =>
    message.type === 'attachment_content'
      ? [[message.data.name, message.data.contentType, Buffer.from(message.data.content, 'base64').toString('utf8')]]
      : [],
  );
}

/** Every parameter the messages set, in order. */
function parameters(messages: RuntimeMessage[]) {
  return messages.flatMap((message) => (message.type === 'metadata' ? (message.data.parameters ?? []) : []));
}

function labels(messages: RuntimeMessage[]) {
  return messages.flatMap((message) => (message.type === 'metadata' ? (message.data.labels ?? []) : []));
}

test("every verdict names the rule: history per rule and target, labels, the target and seed, the rule's source", () => {
  const [first] = allureRuleMessages(rule, outcomeOf('billing.a', 'waived', { message: 'known bug' }), run, at);
  expect(first).toEqual({
    type: 'metadata',
    data: {
      testCaseId: 'billing.a',
      historyId: 'billing.a @ staging',
      labels: [
        { name: 'rule', value: 'billing.a' },
        { name: 'epic', value: 'billing' },
        { name: 'feature', value: 'Endpoints > Charges' },
        { name: 'story', value: 'billing.a' },
        { name: 'severity', value: 'critical' },
      ],
      parameters: [
        { name: 'target', value: 'staging' },
        { name: 'seed', value: '7', excluded: true },
      ],
      description: 'A charge is created once.\n\nSource: Billing spec, Endpoints > Charges.',
    },
  });
});

test('a rule not judged here (waived, not applicable, broken) gets the rule metadata only', () => {
  for (const status of ['waived', 'not-applicable', 'broken'] as const)
    expect(allureRuleMessages(rule, outcomeOf('billing.a', status, { evidence: [exchange] }), run, at)).toHaveLength(1);
});

test('a passed rule shows what it observed as parameters left out of the history key', () => {
  const outcome = outcomeOf('billing.a', 'passed', {
    observations: { 'status without a token': 401, order: ['b', 'a'] },
  });
  expect(parameters(allureRuleMessages(rule, outcome, run, at)).slice(2)).toEqual([
    { name: 'observed status without a token', value: '401', excluded: true },
    { name: 'observed order', value: '["b","a"]', excluded: true },
  ]);
});

test('a failed rule attaches each exchange (request, response, curl) in a step stamped at the end of the test', () => {
  const messages = allureRuleMessages(
    rule,
    outcomeOf('billing.a', 'failed', { evidence: [exchange, exchange] }),
    run,
    at,
  );
  expect(attachments(messages).map(([name]) => name)).toEqual([
    'exchange 1 request',
    'exchange 1 response',
    'exchange 1 curl',
    'exchange 2 request',
    'exchange 2 response',
    'exchange 2 curl',
  ]);
  expect(attachments(messages)[1]).toEqual(['exchange 1 response', 'text/plain', 'HTTP/1.1 500']);
  expect(messages.at(-1)).toMatchObject({ data: { wrapInStep: true, timestamp: at, encoding: 'base64' } });
});

test('a counterexample is JSON, or text once cut at its length limit; its fast-check path is a per-run parameter', () => {
  const replay = (counterexample: string) =>
    outcomeOf('billing.a', 'failed', { replay: { seed: 7, path: '3:1', counterexample } });
  const whole = allureRuleMessages(rule, replay('{"key":"k"}'), run, at);
  expect(attachments(whole)).toEqual([['counterexample', 'application/json', '{"key":"k"}']]);
  expect(parameters(whole).at(-1)).toEqual({ name: 'fast-check path', value: '3:1', excluded: true });
  const cut = allureRuleMessages(rule, replay('{"key":"kk (… cut at 2000 characters)'), run, at);
  expect(attachments(cut)[0]?.[1]).toBe('text/plain');
});

test('a blocked rule is tagged, names what blocked it and shows the exchanges that showed it', () => {
  const outcome = outcomeOf('billing.a', 'blocked', { blockedBy: ['billing.b', 'billing.c'], evidence: [exchange] });
  const messages = allureRuleMessages(rule, outcome, run, at);
  expect(labels(messages).at(-1)).toEqual({ name: 'tag', value: 'blocked' });
  expect(parameters(messages).at(-1)).toEqual({ name: 'blocked by', value: 'billing.b, billing.c', excluded: true });
  expect(attachments(messages)).toHaveLength(3);
});

test("a rule's quotes follow its statement in the description, each with the word that makes it a demand", () => {
  const quoted: LabelledRule = {
    ...rule,
    quotes: [{ text: 'Retries carrying the same value are recognised', demand: 'recognised' }],
  };
  const [metadata] = allureRuleMessages(
    quoted,
    { ruleId: 'billing.a', family: 'billing', status: 'passed', section: '' },
    run,
    at,
  );
  expect(JSON.stringify(metadata)).toContain(
    '> \\"Retries carrying the same value are recognised\\" [demand: recognised]',
  );
});

import { randomUUID } from 'node:crypto';
import { contentTypeForms } from '../../checks/content-type-forms.ts';
import { PrerequisiteMissing } from '../../engine/rule-blocked.ts';
import { RuleViolation, type Verdict } from '../../engine/rule-violation.ts';
import type { Exchange } from '../../client/http-exchange.ts';
import { getHeader } from '../../client/headers.ts';
import { invalidVersionValue } from '../../generators/cdr/invalid-version-value.ts';
import { cdrOperationNames } from '../../rules/cdr/endpoints.ts';
import { servesOperation } from '../../rules/cdr/endpoints.ts';
import type { VersionedAnswer } from './checks/version-header.ts';
import { forAll } from '../support/for-all.ts';
import { ruleTest, useCdrSession } from './support/cdr-session.ts';
import { knownProductId } from './support/known-product.ts';
import { judgeEach } from './support/every-breach.ts';
import { ruleInProgress } from '../../core/rule-in-progress.ts';
import type { RuleId } from '../../rules/rule-id.ts';

const session = useCdrSession();

/**
 * The operations the holder serves (a `versions` entry of [] leaves one out), each with a known product for the detail.
 */
async function operations() {
  const { client, section } = session();
  const productId = servesOperation(section, 'detail') ? await knownProductId(client) : 'no-product-listed';
  return cdrOperationNames
    .filter((operation) => servesOperation(section, operation))
    .map((operation) => ({
      operation,
      send: (changes: Record<string, string | null>) => client.operation(operation, productId, changes),
    }));
}

ruleTest('cdr.x-v.served', async ({ observe, check }) => {
  const { client, section } = session();
  const returned: Record<string, string> = {};
  const asked = (await operations()).flatMap((target) =>
    section.versions[target.operation].map((version) => ({ ...target, version })),
  );
  const verdicts = await judgeEach(
    asked,
    async ({ operation, send, version }) => {
      const exchange = await send({ 'x-v': String(version) });
      returned[`${operation} x-v ${version}`] = exchange.response
        ? (getHeader(exchange.response.headers, 'x-v') ?? '(none)')
        : '(no answer)';
      return check(exchange, 200);
    },
    ({ operation, version }) => `${operation} x-v ${version}`,
  );
  // Judged by cdr.x-v.response-header; shown here beside the versions asked.
  observe('x-v response header', returned);
  if (section.token)
    observe(
      'status without the bearer token',
      (await client.status({ Authorization: null })).response?.status ?? 'no answer',
    );
  return verdicts;
});

ruleTest('cdr.x-v.response-header', async ({ check }) => {
  const { client, section } = session();
  const answers: VersionedAnswer[] = (
    await Promise.all(
      (
        await operations()
      ).map(async ({ operation, send }) => {
        const served = section.versions[operation];
        const above = client.servedVersion(operation) + 3;
        const lowest = Math.min(...served);
        // Each served version asked alone, and a range above the highest reaching down to the lowest.
        const asked: { requested: number; minimum?: number }[] = [
          ...served.map((version) => ({ requested: version })),
          { requested: above, minimum: lowest },
        ];
        return Promise.all(
          asked.map(async (ask) => ({
            ...ask,
            served,
            exchange: await send({
              'x-v': String(ask.requested),
              ...(ask.minimum === undefined ? {} : { 'x-min-v': String(ask.minimum) }),
            }),
          })),
        );
      }),
    )
  ).flat();
  return check(answers);
});

/**
 * Invalid values of a version header sent on every served operation, each refused with 400 (x-v may be left out too):
 * the cases the rule in progress breaks, as the generator labels them.
 */
async function invalidVersionCases(
  header: 'x-v' | 'x-min-v',
  missing: boolean,
  check: (exchange: Exchange, status: number) => Verdict,
) {
  const { property } = session();
  const targets = await operations();
  return forAll(
    invalidVersionValue(ruleInProgress() as RuleId, missing),
    property({ runs: Math.ceil(session().run.runs / 4) }),
    async (invalid) => {
      await Promise.all(targets.map(async ({ send }) => check(await send({ [header]: invalid.value }), 400)));
    },
  );
}

ruleTest('cdr.x-v.required', async ({ observe, check }) =>
  observe('x-v values tried', await invalidVersionCases('x-v', true, check)),
);

ruleTest('cdr.x-v.unsupported', async ({ check }) => {
  const { client, section } = session();
  const asked = (await operations()).flatMap((target) => {
    const highest = client.servedVersion(target.operation);
    const lowest = Math.min(...section.versions[target.operation]);
    // Below the lowest served version too (the standard: "lower than the minimum version"), where one exists.
    const below = lowest > 1 ? [...new Set([lowest - 1, 1])] : [];
    // not-a-limit: a far version, not the page-size limit
    return [highest + 1, highest + 7, 999, ...below].map((version) => ({ ...target, version }));
  });
  return judgeEach(
    asked,
    async ({ send, version }) => check(await send({ 'x-v': String(version) }), 406),
    ({ operation, version }) => `${operation} x-v ${version}`,
  );
});

/** A served operation with a version above every one it serves (x-v of a range reaching down, or not). */
type AboveServed = Awaited<ReturnType<typeof operations>>[number] & { above: number };

/**
 * A range that reaches no served version (x-min-v above them, or equal to x-v: "treated as absent") is refused: the
 * MUST. Served while x-v above every served version is served on its own too: that is x-v.unsupported's fault.
 */
async function judgeUnreachedRange(
  { operation, send, above }: AboveServed,
  minimum: number,
  check: (observed: { exchange: Exchange; expect: 'refused' }) => Verdict,
): Promise<Verdict> {
  const exchange = await send({ 'x-v': String(above), 'x-min-v': String(minimum) });
  try {
    return check({ exchange, expect: 'refused' });
  } catch (error) {
    if (!(error instanceof RuleViolation)) throw error;
    const alone = await send({ 'x-v': String(above) });
    if (alone.response?.status === 200)
      throw new PrerequisiteMissing(
        ['cdr.x-v.unsupported'],
        `${operation} serves x-v ${above} on its own, above every served version, so x-min-v ${minimum} cannot be judged`,
        [alone, exchange],
      );
    throw error;
  }
}

ruleTest('cdr.x-min-v.honoured', async ({ observe, check }) => {
  const { client, section } = session();
  const reaching: Record<string, number | string> = {};
  const targets = (await operations()).map((target) => ({
    ...target,
    highest: client.servedVersion(target.operation),
    above: client.servedVersion(target.operation) + 3,
  }));
  // A range reaching a served version: the standard's "should respond with the highest supported version between
  // x-min-v and x-v" is a SHOULD, so how it is answered is observed, never failed.
  const observed = targets.flatMap(({ operation, send, highest, above }) =>
    [highest, Math.min(...section.versions[operation]), 1].map(async (minimum) => {
      const exchange = await send({ 'x-v': String(above), 'x-min-v': String(minimum) });
      reaching[`${operation} x-v ${above} x-min-v ${minimum}`] = exchange.response?.status ?? 'no answer';
    }),
  );
  const unreached = targets.flatMap((target) =>
    [target.highest + 1, target.above].map((minimum) => ({ target, minimum })),
  );
  const [verdicts] = await Promise.all([
    judgeEach(
      unreached,
      ({ target, minimum }) => judgeUnreachedRange(target, minimum, check),
      ({ target, minimum }) => `${target.operation} x-v ${target.above} x-min-v ${minimum}`,
    ),
    Promise.all(observed),
  ]);
  observe('a range reaching a served version answered (observed: a SHOULD of the standard)', reaching);
  return verdicts;
});

ruleTest('cdr.x-min-v.invalid', async ({ observe, check }) =>
  observe('x-min-v values tried', await invalidVersionCases('x-min-v', false, check)),
);

ruleTest('cdr.interaction-id.echo', async ({ observe, check }) => {
  const { client } = session();
  const headerName = 'x-fapi-interaction-id';
  const targets = await operations();
  type Send = (changes: Record<string, string>) => Promise<Exchange>;
  const asked: { answer: string; send: Send }[] = [
    // On success, on a 400 (no x-v) and a 406 (x-v above every served one), on each operation.
    ...targets.flatMap(({ operation, send }) =>
      (
        [
          ['success', {}],
          ['no x-v', { 'x-v': null }],
          ['x-v above every served one', { 'x-v': String(client.servedVersion(operation) + 1) }],
        ] as [string, Record<string, string | null>][]
      ).map(([answer, changes]) => ({
        answer: `${operation}, ${answer}`,
        send: (header: Record<string, string>) => send({ ...changes, ...header }),
      })),
    ),
    // On a 404 (unknown product) and on the refusal of a page past the last.
    { answer: 'detail of an unknown product', send: (header) => client.detail('no-such-product-for-the-echo', header) },
    { answer: 'list page past the last', send: (header) => client.list({ page: 100_000 }, header) },
  ];
  const verdicts = await judgeEach(
    asked,
    async ({ send }) => {
      const sent = randomUUID();
      return check(await send({ [headerName]: sent }), { headerName, sent });
    },
    ({ answer }) => answer,
  );
  // Without one sent the document says nothing: whether the target makes one up is shown.
  const without = await targets[0]?.send({});
  observe(
    'x-fapi-interaction-id returned when none is sent',
    without?.response ? (getHeader(without.response.headers, headerName) ?? '(none)') : '(no answer)',
  );
  return verdicts;
});

// The standard's response Content-Type is mandatory and application/json: every kind of answer with a body is judged.
ruleTest('cdr.bodies.json', async ({ observe, check }) => {
  const { client } = session();
  const targets = await operations();
  const answers = await Promise.all([
    ...targets.flatMap(({ operation, send }) => [
      send({}),
      send({ 'x-v': null }),
      send({ 'x-v': String(client.servedVersion(operation) + 1) }),
    ]),
    client.detail('no-such-product-for-the-content-type'),
    client.list({ page: 100_000 }),
  ]);
  const withBody = answers.filter((exchange) => !exchange.response || exchange.response.body.length > 0);
  observe('Content-Type forms', contentTypeForms(withBody));
  observe('answers without a body', answers.length - withBody.length);
  return judgeEach(
    withBody,
    (exchange) => check(exchange),
    (exchange) =>
      `${exchange.request.url} x-v ${getHeader(exchange.request.headers as Record<string, string>, 'x-v') ?? '(none)'}`,
  );
});

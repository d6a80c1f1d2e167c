import { randomUUID } from 'node:crypto';
import { contentTypeForms } from '../../checks/content-type-forms.ts';
import { RuleBlocked } from '../../checks/rule-blocked.ts';
import { RuleViolation } from '../../checks/rule-violation.ts';
import type { Exchange } from '../../client/http-exchange.ts';
import { getHeader } from '../../client/headers.ts';
import { invalidVersionValue } from '../../generators/cdr/invalid-version-value.ts';
import { cdrOperationNames } from '../../rules/cdr/endpoints.ts';
import { servesOperation } from '../../rules/cdr/endpoints.ts';
import type { VersionedAnswer } from '../../checks/cdr/version-header.ts';
import { forAll } from '../support/for-all.ts';
import { ruleTest, useCdrSession } from './support/cdr-session.ts';
import { knownProductId } from './support/known-product.ts';
import type { RuleId } from '../../rules/rule-id.ts';

const session = useCdrSession();

/**
 * The operations the holder serves (a `versions` entry of [] leaves one out), each with a known product for the detail.
 */
async function operations(ruleId: RuleId) {
  const { client, section } = session();
  const productId = servesOperation(section, 'detail') ? await knownProductId(client, ruleId) : 'no-product-listed';
  return cdrOperationNames
    .filter((operation) => servesOperation(section, operation))
    .map((operation) => ({
      operation,
      send: (changes: Record<string, string | null>) => client.operation(operation, productId, changes),
    }));
}

ruleTest('cdr.x-v.served', async ({ observe, check }) => {
  const { client, section } = session();
  const id = 'cdr.x-v.served';
  const returned: Record<string, string> = {};
  const verdicts = (
    await Promise.all(
      (
        await operations(id)
      ).map(({ operation, send }) =>
        Promise.all(
          section.versions[operation].map(async (version) => {
            const exchange = await send({ 'x-v': String(version) });
            returned[`${operation} x-v ${version}`] = exchange.response
              ? (getHeader(exchange.response.headers, 'x-v') ?? '(none)')
              : '(no answer)';
            return check(exchange, 200);
          }),
        ),
      ),
    )
  ).flat();
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
  const id = 'cdr.x-v.response-header';
  const answers: VersionedAnswer[] = (
    await Promise.all(
      (
        await operations(id)
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

ruleTest('cdr.x-v.required', async ({ observe, check }) => {
  const { property } = session();
  const targets = await operations('cdr.x-v.required');
  const cases = await forAll(
    invalidVersionValue('cdr.x-v.required', true),
    property({ runs: Math.ceil(session().run.runs / 4) }),
    async (invalid) => {
      await Promise.all(targets.map(async ({ send }) => check(await send({ 'x-v': invalid.value }), 400)));
    },
  );
  observe('x-v values tried', cases);
});

ruleTest('cdr.x-v.unsupported', async ({ check }) => {
  const { client, section } = session();
  const id = 'cdr.x-v.unsupported';
  return (
    await Promise.all(
      (
        await operations(id)
      ).flatMap(({ operation, send }) => {
        const highest = client.servedVersion(operation);
        const lowest = Math.min(...section.versions[operation]);
        // Below the lowest served version too (the standard: "lower than the minimum version"), where one exists.
        const below = lowest > 1 ? [...new Set([lowest - 1, 1])] : [];
        // not-a-limit: a far version, not the page-size limit
        return [highest + 1, highest + 7, 999, ...below].map(async (version) =>
          check(await send({ 'x-v': String(version) }), 406),
        );
      }),
    )
  ).flat();
});

ruleTest('cdr.x-min-v.honoured', async ({ observe, check }) => {
  const { client, section } = session();
  const id = 'cdr.x-min-v.honoured';
  const reaching: Record<string, number | string> = {};
  const verdicts = await Promise.all(
    (await operations(id)).flatMap(({ operation, send }) => {
      const highest = client.servedVersion(operation);
      const lowest = Math.min(...section.versions[operation]);
      const above = highest + 3;
      // A range reaching a served version: the standard's "should respond with the highest supported version
      // between x-min-v and x-v" is a SHOULD, so how it is answered is observed, never failed.
      const observed = [highest, lowest, 1].map(async (minimum) => {
        const exchange = await send({ 'x-v': String(above), 'x-min-v': String(minimum) });
        reaching[`${operation} x-v ${above} x-min-v ${minimum}`] = exchange.response?.status ?? 'no answer';
      });
      // A range that reaches no served version (x-min-v above them, or equal to x-v: "treated as absent"): the MUST.
      const refused = [highest + 1, above].map(async (minimum) => {
        const exchange = await send({ 'x-v': String(above), 'x-min-v': String(minimum) });
        try {
          return check({ exchange, expect: 'refused' as const });
        } catch (error) {
          if (!(error instanceof RuleViolation)) throw error;
          // Served while x-v above every served version is served on its own too: x-v.unsupported's fault.
          const alone = await send({ 'x-v': String(above) });
          if (alone.response?.status === 200)
            throw new RuleBlocked(
              ['cdr.x-v.unsupported'],
              `${operation} serves x-v ${above} on its own, above every served version, so x-min-v ${minimum} cannot be judged`,
              [alone, exchange],
            );
          throw error;
        }
      });
      return [...observed.map(async (done) => void (await done)), ...refused];
    }),
  );
  observe('a range reaching a served version answered (observed: a SHOULD of the standard)', reaching);
  return verdicts.filter((verdict) => verdict !== undefined);
});

ruleTest('cdr.x-min-v.invalid', async ({ observe, check }) => {
  const { property } = session();
  const targets = await operations('cdr.x-min-v.invalid');
  const cases = await forAll(
    invalidVersionValue('cdr.x-min-v.invalid', false),
    property({ runs: Math.ceil(session().run.runs / 4) }),
    async (invalid) => {
      await Promise.all(
        targets.map(async ({ send }) => check(await send({ 'x-min-v': invalid.value as string }), 400)),
      );
    },
  );
  observe('x-min-v values tried', cases);
});

ruleTest('cdr.interaction-id.echo', async ({ observe, check }) => {
  const { client } = session();
  const id = 'cdr.interaction-id.echo';
  const headerName = 'x-fapi-interaction-id';
  const targets = await operations(id);
  const echoed = async (send: (changes: Record<string, string>) => Promise<Exchange>) => {
    const sent = randomUUID();
    return check(await send({ [headerName]: sent }), { headerName, sent });
  };
  const verdicts = await Promise.all([
    // On success, on a 400 (no x-v) and a 406 (x-v above every served one), on each operation.
    ...targets.flatMap(({ operation, send }) =>
      (
        [{}, { 'x-v': null }, { 'x-v': String(client.servedVersion(operation) + 1) }] as Record<string, string | null>[]
      ).map((changes) => echoed((header) => send({ ...changes, ...header }))),
    ),
    // On a 404 (unknown product) and on the refusal of a page past the last.
    echoed((header) => client.detail('no-such-product-for-the-echo', header)),
    echoed((header) => client.list({ page: 100_000 }, header)),
  ]);
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
  const id = 'cdr.bodies.json';
  const targets = await operations(id);
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
  return withBody.map((exchange) => check(exchange));
});

import type { ProvokedRefusal } from './checks/error-codes.ts';
import { listPageOf } from './checks/product-walk.ts';
import type { CdrClient } from './client/cdr-client.ts';
import type { Exchange } from '../../client/http-exchange.ts';
import { unknownProductIds } from '../../generators/cdr/unknown-product-id.ts';
import type { CdrOperation } from '../../rules/cdr/endpoints.ts';
import { maxPageSize, servesOperation } from '../../rules/cdr/endpoints.ts';
import { ruleTest, useCdrSession } from './support/cdr-session.ts';
import type { RuleId } from '../../rules/rule-id.ts';
import { ruleInProgress } from '../../core/rule-in-progress.ts';

const session = useCdrSession();
const urn = (name: string) => `urn:au-cds:error:cds-all:${name}`;

/**
 * One error condition the suite provokes: the operation it needs, how to provoke it (twice, other values where it has
 * any), the standard codes that name it.
 */
interface Condition {
  operation: CdrOperation;
  condition: string;
  status?: number;
  codes: string[];
  send: (occurrence: number) => Promise<Exchange>;
}

/** The x-v header missing (on the list and the detail), not an integer or unsupported (on the status). */
function versionHeaderConditions(client: CdrClient, unknownId: string): Condition[] {
  return [
    {
      operation: 'list',
      condition: 'list without x-v (400)',
      status: 400,
      codes: [urn('Header/Missing')],
      send: () => client.list({}, { 'x-v': null }),
    },
    {
      operation: 'detail',
      condition: 'detail without x-v (400)',
      status: 400,
      codes: [urn('Header/Missing')],
      send: () => client.detail(unknownId, { 'x-v': null }),
    },
    {
      operation: 'status',
      condition: 'status with x-v not an integer (400)',
      status: 400,
      codes: [urn('Header/InvalidVersion'), urn('Header/Invalid')],
      send: (n) => client.status({ 'x-v': ['abc', '1.5'][n] as string }),
    },
    {
      operation: 'status',
      condition: 'status with an unsupported x-v (406)',
      status: 406,
      codes: [urn('Header/UnsupportedVersion')],
      send: (n) => client.status({ 'x-v': String(client.servedVersion('status') + 1 + n * 10) }),
    },
    // Below the lowest served list version, where there is one (a holder serving list x-v 1 has none).
    ...(lowestServed(client, 'list') > 1
      ? [
          {
            operation: 'list' as const,
            condition: 'list with an x-v below the lowest served (406)',
            status: 406,
            codes: [urn('Header/UnsupportedVersion')],
            send: (n: number) => client.list({}, { 'x-v': String(n === 0 ? 1 : lowestServed(client, 'list') - 1) }),
          },
        ]
      : []),
  ];
}

/** The lowest version the holder serves of an operation. */
const lowestServed = (client: CdrClient, operation: CdrOperation) => Math.min(...client.section.versions[operation]);

/** The list's query parameters out of their domain, and a page past the last (`lastPage`, as the list said). */
function listQueryConditions(client: CdrClient, lastPage: number): Condition[] {
  return [
    {
      operation: 'list',
      condition: 'list with an unknown effective (400)',
      status: 400,
      codes: [urn('Field/Invalid')],
      send: (n) => client.list({ effective: ['NOW', 'PAST'][n] as string }),
    },
    {
      operation: 'list',
      condition: 'list with an invalid page (400)',
      status: 400,
      codes: [urn('Field/Invalid'), urn('Field/InvalidPage')],
      send: (n) => client.list({ page: ['0', '-3'][n] as string }),
    },
    {
      operation: 'list',
      condition: 'list with an invalid updated-since (400)',
      status: 400,
      codes: [urn('Field/InvalidDateTime'), urn('Field/Invalid')],
      send: (n) => client.list({ updatedSince: ['yesterday', '2024-01-01'][n] as string }),
    },
    {
      operation: 'list',
      condition: 'list with a page-size above 1000 (400)',
      status: 400,
      codes: [urn('Field/InvalidPageSize')],
      send: (n) => client.list({ pageSize: [maxPageSize + 1, 5000][n] as number }),
    },
    {
      operation: 'list',
      condition: 'list page past the last (422)',
      codes: [urn('Field/InvalidPage')],
      send: (n) => client.list({ page: lastPage + 1 + n }),
    },
  ];
}

/** A product the holder does not have: two ids no holder has, one per occurrence. */
function unknownProductCondition(client: CdrClient, unknownIds: readonly string[]): Condition {
  return {
    operation: 'detail',
    condition: 'detail of an unknown product (404)',
    status: 404,
    codes: [urn('Resource/NotFound'), urn('Resource/Invalid'), urn('Resource/Unavailable')],
    send: (n) => client.detail(unknownIds[n] as string),
  };
}

/**
 * Each error condition of part A met twice, on the operations the holder serves: made once, shared by the error
 * rules. A list that refuses the plain request the last page is read from is the rule's that asked first (the others
 * are blocked by it), each rule resolving that for itself.
 */
async function meetErrors(client: CdrClient): Promise<ProvokedRefusal[]> {
  const unknownIds = unknownProductIds(2, session().run.seed);
  const servesList = servesOperation(client.section, 'list');
  const askedFirst = ruleInProgress() as RuleId;
  const lastPage = servesList ? (listPageOf(await client.list(), [askedFirst]).meta.totalPages ?? 1) : 1;
  const conditions = [
    ...versionHeaderConditions(client, unknownIds[0] as string),
    ...listQueryConditions(client, lastPage),
    unknownProductCondition(client, unknownIds),
  ];
  const served = conditions.filter(({ operation }) => servesOperation(client.section, operation));
  return Promise.all(
    served.map(async ({ condition, codes, status, send }) => ({
      condition,
      codes,
      ...(status === undefined ? {} : { status }),
      exchanges: [await send(0), await send(1)],
    })),
  );
}

let occurrences: Promise<ProvokedRefusal[]> | undefined;
const errors = () => {
  occurrences ??= meetErrors(session().client);
  return occurrences;
};
const allExchanges = async () => (await errors()).flatMap((condition) => condition.exchanges);

ruleTest('cdr.error.shape', async ({ check }) => check(await allExchanges()));

ruleTest('cdr.error.urn-for-application-code', async ({ check }) => check(await allExchanges()));

ruleTest('cdr.error.stable-title', async ({ check }) => check(await errors()));

ruleTest('cdr.error.codes', async ({ check }) => check(await errors()));

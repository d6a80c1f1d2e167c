import type { ErrorOccurrences } from '../../checks/cdr/error-stable-title.ts';
import { errorStableTitle } from '../../checks/cdr/error-stable-title.ts';
import { errorUrn } from '../../checks/cdr/error-urn.ts';
import { errorV2Bodies } from '../../checks/cdr/error-v2-bodies.ts';
import { listPageOf } from '../../checks/cdr/product-walk.ts';
import type { CdrClient } from '../../client/cdr/cdr-client.ts';
import type { Exchange } from '../../client/exchange.ts';
import { ruleTest, useCdrSession } from './support/cdr-session.ts';
import { knownProductId } from './support/known-product.ts';

const session = useCdrSession();

/** Each error condition of part A met twice, with other values where the condition has any. */
async function meetErrors(client: CdrClient, ruleId: string): Promise<ErrorOccurrences[]> {
  const productId = await knownProductId(client, ruleId);
  const lastPage = Math.max(Number(listPageOf(await client.list(), ruleId).meta.totalPages), 1);
  const twice = async (condition: string, send: (occurrence: number) => Promise<Exchange>) => ({ condition, exchanges: [await send(0), await send(1)] });
  return Promise.all([
    twice('list without x-v (400)', () => client.list({}, { 'x-v': null })),
    twice('detail without x-v (400)', () => client.detail(productId, { 'x-v': null })),
    twice('status with x-v not an integer (400)', (n) => client.status({ 'x-v': ['abc', '1.5'][n] as string })),
    twice('status with an unsupported x-v (406)', (n) => client.status({ 'x-v': String(client.servedVersion('status') + 1 + n * 10) })),
    twice('list with an unknown effective (400)', (n) => client.list({ effective: ['NOW', 'PAST'][n] as string })),
    twice('list with an invalid page (400)', (n) => client.list({ page: ['0', '-3'][n] as string })),
    twice('list with an invalid updated-since (400)', (n) => client.list({ updatedSince: ['yesterday', '2024-01-01'][n] as string })),
    twice('list page past the last (422)', (n) => client.list({ page: lastPage + 1 + n })),
    twice('detail of an unknown product (404)', (n) => client.detail(`${productId}-unknown-${n}`)),
  ]);
}

let occurrences: Promise<ErrorOccurrences[]> | undefined;
const errors = (ruleId: string) => (occurrences ??= meetErrors(session().client, ruleId));
const allExchanges = async (ruleId: string) => (await errors(ruleId)).flatMap((condition) => condition.exchanges);

ruleTest('cdr.error.shape', async () => errorV2Bodies(await allExchanges('cdr.error.shape'), 'cdr.error.shape'));

ruleTest('cdr.error.urn-for-application-code', async () => errorUrn(await allExchanges('cdr.error.urn-for-application-code'), 'cdr.error.urn-for-application-code'));

ruleTest('cdr.error.stable-title', async () => errorStableTitle(await errors('cdr.error.stable-title'), 'cdr.error.stable-title'));

import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { mappedOrderAdapter } from '../../../../rules/exchange/adapters/field-mapping.ts';
import { loadExchangeOrderAdapter } from '../../../../rules/exchange/adapters/load-adapter.ts';
import { referenceOrderAdapter } from '../../../../rules/exchange/adapters/reference-adapter.ts';
import { resolveTarget } from '../../../../families/resolve-target.ts';
import { teamOrderFields } from '../../../cli/fixtures/team-exchange/renamed-exchange.ts';
import { fileWith, harnessError, targetsDir, writeFileIn } from '../../../support/target-entries.ts';

/*
 * The exchange's order adapters in process: the team's module loaded by path and checked on an order, a field mapping
 * written as the team's module writes its orders, and each mistake a configuration error naming the key.
 */

const teamModule = fileURLToPath(new URL('../../../cli/fixtures/team-exchange/team-order-adapter.ts', import.meta.url));
const order = { instrument: 'ETH-USDT', side: 'sell', size: '1.5', price: '2', clOrdId: 'c1' };
const dir = targetsDir();
let modules = 0;
const exchangeEntry = (adapter: unknown) => ({
  kind: 'url',
  families: {
    exchange: {
      baseUrl: 'https://exchange.example.test',
      credentials: { apiKey: 'key', secretKey: 'secret' },
      adapter,
    },
  },
});
/** The problem resolving an entry with this adapter gives, in the words of the error. */
async function configProblem(adapter: unknown): Promise<string> {
  const error = await harnessError(
    () => resolveTarget(fileWith(dir, { team: exchangeEntry(adapter) }), 'team', {}),
    'CONFIG_INVALID',
  );
  return `${error.message} | ${error.fix}`;
}

describe('exchange order adapters', () => {
  test("the team's module, named by path relative to the targets file, is loaded and its path made absolute", async () => {
    const targets = fileWith(dir, { team: exchangeEntry(relative(dir, teamModule)) });
    const resolved = await resolveTarget(targets, 'team', {});
    const section = resolved.entry.families.exchange as { adapter: string };
    expect(section.adapter).toBe(teamModule);
    const adapter = await loadExchangeOrderAdapter(section.adapter);
    expect(adapter.orderBody(order, { tdMode: 'cash' })).toEqual({
      orderType: 'limit',
      tdMode: 'cash',
      symbol: 'ETH-USDT',
      side: 'sell',
      quantity: '1.5',
      limitPrice: '2',
      clientOrderId: 'c1',
    });
  });

  test("a field mapping writes the orders the team's module writes, the template in the service's names", async () => {
    const team = await loadExchangeOrderAdapter(teamModule);
    const mapped = mappedOrderAdapter({ fields: teamOrderFields });
    const template = { tdMode: 'cash', orderType: 'market', symbol: 'NOT-THIS' };
    expect(mapped.orderBody(order, template)).toEqual(team.orderBody(order, template));
    expect(mapped.orderBody(order, template)).toMatchObject({ orderType: 'market', symbol: 'ETH-USDT' });
    expect(mapped.orderDetailsQuery?.('BTC-USDT', '7')).toEqual(team.orderDetailsQuery?.('BTC-USDT', '7'));
    expect(referenceOrderAdapter.orderDetailsQuery('BTC-USDT', '7')).toEqual({ instId: 'BTC-USDT', ordId: '7' });
  });

  test.each([
    [
      'exports no adapter',
      'export const nothing = 1;',
      /exports no exchange order adapter \(a default export, or one named exchangeOrderAdapter\)/,
    ],
    ['misses orderBody', 'export default { name: "x", orderDetailsQuery: () => ({}) };', /has no orderBody/],
    ['throws on load', 'throw new Error("no config here");', /could not be loaded: no config here/],
    [
      'throws on an order',
      'export default { name: "x", orderBody() { throw new Error("boom"); } };',
      /orderBody threw: boom/,
    ],
    ['returns nothing', 'export default { name: "x", orderBody() {} };', /orderBody returned nothing, not an order/],
    [
      'drops the clOrdId',
      'export default { name: "x", orderBody: (o) => ({ symbol: o.instrument }) };',
      /does not carry the clOrdId/,
    ],
    [
      'gives a query of numbers',
      'export default { name: "x", orderBody: (o) => ({ id: o.clOrdId }), orderDetailsQuery: () => ({ ordId: 7 }) };',
      /orderDetailsQuery returned \{"ordId":7\}/,
    ],
  ])('a module that %s is CONFIG_INVALID naming the key, in words', async (_, source, words) => {
    const path = writeFileIn(dir, `adapter-${modules++}.mjs`, source);
    const problem = await configProblem(`./${path.slice(dir.length + 1)}`);
    expect(problem).toMatch(/^targets\.team\.families\.exchange\.adapter: /);
    expect(problem).toMatch(words);
    expect(problem).toContain('ExchangeOrderAdapter (api-conformance-harness/adapters/exchange/adapter.ts)');
  });

  test('a name the harness does not ship, or a mapping that maps nothing, is CONFIG_INVALID naming the key', async () => {
    expect(await configProblem('team')).toMatch(/exchange\.adapter: no adapter named "team" \| use one of: reference/);
    expect(await configProblem({ fields: { instrument: 'symbol' } })).toMatch(
      /exchange\.adapter\.fields\.instrument: "instrument" is no field of the reference's orders, so it would map nothing/,
    );
    expect(await configProblem({ fields: { instId: 'instId' } })).toContain('the mapping renames no field');
    expect(await configProblem({ fields: { instId: 'sz' } })).toMatch(/adapter\.fields\.instId: "sz" is also a field/);
  });
});

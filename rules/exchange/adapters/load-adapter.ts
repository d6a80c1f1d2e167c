import type { ExchangeOrderAdapter, OrderDraft } from './adapter.ts';
import { mappedOrderAdapter } from './field-mapping.ts';
import { exchangeOrderAdapters } from './registry.ts';
import type { FieldMapping } from '../../../adapters/field-mapping.ts';
import { namedAdapter, type TeamModuleKind } from '../../../adapters/team-module.ts';

/*
 * An order adapter from the team's own repository: the entry's `adapter` names a module by path (relative to the
 * targets file) whose default export, or export `exchangeOrderAdapter`, implements ExchangeOrderAdapter
 * (rules/exchange/adapters/adapter.ts, exported by the package). A name without a path is one the harness ships.
 */

const exchangeOrderAdapterModule: TeamModuleKind = {
  what: 'exchange order adapter',
  exportName: 'exchangeOrderAdapter',
  functions: ['orderBody'] satisfies (keyof ExchangeOrderAdapter)[],
  optionalFunctions: ['orderDetailsQuery'] satisfies (keyof ExchangeOrderAdapter)[],
};

/** The order a module's adapter is tried on when loaded: what it makes of it must be an order the harness can use. */
const trialOrder: OrderDraft = {
  instrument: 'BTC-USDT',
  side: 'buy',
  size: '0.001',
  price: '1',
  clOrdId: 'harnessadaptercheck1',
};

/** Whether `value` holds `text` as a string anywhere in it. */
function holds(value: unknown, text: string): boolean {
  if (value === text) return true;
  return value !== null && typeof value === 'object' && Object.values(value).some((item) => holds(item, text));
}

/** What is wrong with what an adapter's functions make of the trial order, in words; undefined when nothing is. */
function trialProblem(adapter: ExchangeOrderAdapter, path: string): string | undefined {
  const made = (name: string, make: () => unknown) => {
    try {
      return { value: make() };
    } catch (error) {
      return { problem: `the adapter of ${path}: ${name} threw: ${(error as Error).message.split('\n')[0]}` };
    }
  };
  const body = made('orderBody', () => adapter.orderBody(trialOrder, {}));
  if (body.problem) return body.problem;
  if (!body.value || typeof body.value !== 'object' || Array.isArray(body.value))
    return `the adapter of ${path}: orderBody returned ${JSON.stringify(body.value) ?? 'nothing'}, not an order (an object)`;
  if (!holds(body.value, trialOrder.clOrdId))
    return `the adapter of ${path}: orderBody's order does not carry the clOrdId it was given, so no item of an answer could be matched to it`;
  if (!adapter.orderDetailsQuery) return undefined;
  const query = made('orderDetailsQuery', () => adapter.orderDetailsQuery?.(trialOrder.instrument, '1'));
  if (query.problem) return query.problem;
  const fields = query.value && typeof query.value === 'object' ? Object.values(query.value) : undefined;
  if (!fields?.length || fields.some((field) => typeof field !== 'string'))
    return `the adapter of ${path}: orderDetailsQuery returned ${JSON.stringify(query.value) ?? 'nothing'}, not query fields (an object of strings)`;
  return undefined;
}

/**
 * The adapter an entry names (a shipped name, an absolute module path, or a field mapping): a mistake in it is thrown,
 * in words. A module of the team's is tried on an order first, so one that makes nothing usable is refused before any
 * traffic.
 */
export async function loadExchangeOrderAdapter(adapter: string | FieldMapping): Promise<ExchangeOrderAdapter> {
  if (typeof adapter !== 'string') return mappedOrderAdapter(adapter);
  const named = await namedAdapter(adapter, exchangeOrderAdapters, exchangeOrderAdapterModule);
  const problem = named === exchangeOrderAdapters[adapter] ? undefined : trialProblem(named, adapter);
  if (problem) throw new Error(problem);
  return named;
}

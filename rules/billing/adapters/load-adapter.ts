import type { BillingAdapter } from './adapter.ts';
import { mappedBillingAdapter } from './field-mapping.ts';
import { billingAdapters } from './registry.ts';
import type { FieldMapping } from '../../../adapters/field-mapping.ts';
import { namedAdapter, type TeamModuleKind } from '../../../adapters/team-module.ts';

/*
 * A billing adapter from the team's own repository: the entry's `adapter` names a module by path (relative to the
 * targets file) whose default export, or export `billingAdapter`, implements BillingAdapter (rules/billing/adapters/adapter.ts,
 * exported by the package). A name without a path is one the harness ships.
 */

/** What a billing adapter module exports: every function a BillingAdapter has, or it is refused before any traffic. */
const billingAdapterModule: TeamModuleKind = {
  what: 'billing adapter',
  exportName: 'billingAdapter',
  functions: [
    'parseTokenResponse',
    'createChargeBody',
    'updateChargeBody',
    'updateChargeBodyWithoutId',
    'queryChargeBody',
    'createProductBody',
    'parseChargeResponse',
    'parseQueryResponse',
    'parseProductResponse',
    'chargeIdOf',
    'productIdOf',
    'withoutGeneratedFields',
    'invalidChargeBodies',
  ] satisfies (keyof BillingAdapter)[],
};

/**
 * The adapter an entry names (a shipped name, an absolute module path, or a field mapping): a mistake in it is thrown,
 * in words.
 */
export function loadBillingAdapter(adapter: string | FieldMapping): Promise<BillingAdapter> {
  if (typeof adapter !== 'string') return Promise.resolve(mappedBillingAdapter(adapter));
  return namedAdapter(adapter, billingAdapters, billingAdapterModule);
}

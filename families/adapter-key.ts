import { type FieldMapping, fieldMappingProblem } from '../adapters/field-mapping.ts';
import { isModulePath, modulePath } from '../adapters/team-module.ts';
import type { FamilyModule } from './family.ts';

/** What a family's `adapter` key may name, and how its adapters are loaded. */
export interface AdapterKeyOptions {
  /** The adapters the harness ships, by name (e.g. `reference`). */
  readonly shipped: Readonly<Record<string, unknown>>;
  /** Every field name of the reference adapter's records: what a field mapping may rename. */
  readonly referenceFields: readonly string[];
  /** Those records in words, for messages ("records", "orders"). */
  readonly records: string;
  /** Loads and checks the adapter a module path (absolute) names; a mistake is thrown in words. */
  load(path: string): Promise<unknown>;
  /** The interface a module of the team's implements, for the fix (e.g. `BillingAdapter`). */
  readonly interfaceName: string;
  /** Where the package exports that interface, for the fix (e.g. `api-conformance-harness/adapters/billing/adapter.ts`). */
  readonly exportedFrom: string;
}

/**
 * A family's checks of its section's `adapter` key: a shipped name, a module path, or a field mapping (checked as
 * parsed); a module of the team's own loaded and checked before any traffic, its path made absolute for the workers.
 */
export function adapterKey<Section extends { adapter: string | FieldMapping }>(
  options: AdapterKeyOptions,
): Required<Pick<FamilyModule<Section>, 'validateSection' | 'prepareSection'>> {
  return {
    validateSection: ({ adapter }) =>
      typeof adapter !== 'string'
        ? fieldMappingProblem(adapter, options.referenceFields, options.records)
        : options.shipped[adapter] || isModulePath(adapter)
          ? undefined
          : {
              key: ['adapter'],
              message: `no adapter named "${adapter}"`,
              fix: `use one of: ${Object.keys(options.shipped).join(', ')}, or the path of a module of yours (relative to the targets file) exporting a ${options.interfaceName}`,
            },
    prepareSection: async (section, { targetsDir }) => {
      if (!isModulePath(section.adapter)) return { section };
      const path = modulePath(section.adapter, targetsDir);
      try {
        await options.load(path);
        return { section: { ...section, adapter: path } };
      } catch (error) {
        return {
          problem: {
            key: ['adapter'],
            message: (error as Error).message,
            fix: `export a ${options.interfaceName} (${options.exportedFrom}) as the module's default export, every function of it`,
          },
        };
      }
    },
  };
}

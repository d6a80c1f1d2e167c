/**
 * How the reference tenant is configured:
 * - multi: multi-entity on, tokens valid for every entity, multi-org on;
 * - single-entity: multi-entity on, each token valid for one entity, multi-org on;
 * - plain: multi-entity and multi-org off.
 */
export type ReferenceMode = (typeof referenceModes)[number];

export const referenceModes = ['multi', 'single-entity', 'plain'] as const;

/** A mode name checked against the billing reference's modes. */
export function asMode(mode: string): ReferenceMode {
  if (!(referenceModes as readonly string[]).includes(mode))
    throw new Error(`Unknown billing reference mode "${mode}": use ${referenceModes.join(', ')}`);
  return mode as ReferenceMode;
}

/**
 * How the reference tenant is configured:
 * - multi: multi-entity on, tokens valid for every entity, multi-org on;
 * - single-entity: multi-entity on, each token valid for one entity, multi-org on;
 * - plain: multi-entity and multi-org off.
 */
export type ReferenceMode = (typeof referenceModes)[number];

export const referenceModes = ['multi', 'single-entity', 'plain'] as const;

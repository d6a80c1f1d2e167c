import type { FamilyHandler, FamilyReferenceOptions } from '../family-reference.ts';
import { buildCatalogue } from './catalogue.ts';
import { cdrBehaviourFor } from './mutants/index.ts';
import { handleCdr } from './router.ts';
import { statusSetting } from './status-setting.ts';
import { catalogueForMode, isReferenceMode, servedVersions } from './versions.ts';

/** The open-banking reference's handler: imported when a reference starts (reference/cdr/index.ts). */
export function createCdrHandler({ mode, mutant, options }: FamilyReferenceOptions): FamilyHandler {
  const served = isReferenceMode(mode) ? mode : 'default';
  const context = {
    behaviour: cdrBehaviourFor(mutant),
    catalogue: catalogueForMode(buildCatalogue(Date.now()), served),
    versions: servedVersions[served],
    status: statusSetting(options?.status),
    statusCalls: 0,
  };
  return { handle: (req, res, path) => handleCdr(context, req, res, path) };
}

import type { FamilyReference } from '../family-reference.ts';
import { serviceStatuses } from '../../rules/cdr/enums.ts';
import { buildCatalogue } from './catalogue.ts';
import { cdrBehaviourFor, cdrMutants } from './mutants/index.ts';
import { handleCdr, type StatusSetting } from './router.ts';
import { catalogueForMode, cdrReferenceModes, isReferenceMode, servedVersions } from './versions.ts';

const statusSettings: readonly string[] = [...serviceStatuses, 'rotate'];

function statusSetting(value: unknown): StatusSetting {
  if (value === undefined) return 'rotate';
  if (typeof value !== 'string' || !statusSettings.includes(value))
    throw new Error(`--cdr-status must be one of ${statusSettings.join(', ')}`);
  return value as StatusSetting;
}

/**
 * The open-banking part of the reference target: a catalogue of several hundred products made relative to
 * the time it starts, served at the documented versions (list 5, detail 7, status 1), or in mode
 * `older-versions` at list 3 and detail 4 (records shaped to those versions of the standard). The paths are public:
 * a bearer token is accepted and not required. The status operation reports each status in turn by default
 * (`--cdr-status` fixes one), so every branch of the status rules is met.
 */
export const cdrReference: FamilyReference = {
  prefix: '/cdr',
  modes: cdrReferenceModes,
  mutants: cdrMutants,
  flags: {
    'cdr-status': {
      help: `STATUS   what /v1/discovery/status reports: ${statusSettings.join(', ')} (default rotate: each in turn)`,
      toOptions: (value) => ({ status: statusSetting(value) }),
    },
  },
  ensureCredentials() {},
  create({ mode, mutant, options }) {
    const served = isReferenceMode(mode) ? mode : 'default';
    const context = {
      behaviour: cdrBehaviourFor(mutant),
      catalogue: catalogueForMode(buildCatalogue(Date.now()), served),
      versions: servedVersions[served],
      status: statusSetting(options?.status),
      statusCalls: 0,
    };
    return { handle: (req, res, path) => handleCdr(context, req, res, path) };
  },
  targetSection(baseUrl, mode) {
    const versions = servedVersions[isReferenceMode(mode) ? mode : 'default'];
    return { baseUrl, pastLastPageStatus: 422, ...(mode === 'older-versions' ? { versions } : {}) };
  },
};

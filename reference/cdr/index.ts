import type { FamilyReference } from '../family-reference.ts';
import { cdrMutants } from './mutants/index.ts';
import { statusSetting, statusSettings } from './status-setting.ts';
import { cdrReferenceModes, isReferenceMode, servedVersions } from './versions.ts';

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
  create: async (options) => (await import('./create-handler.ts')).createCdrHandler(options),
  targetSection(baseUrl, mode) {
    const versions = servedVersions[isReferenceMode(mode) ? mode : 'default'];
    return { baseUrl, pastLastPageStatus: 422, ...(mode === 'older-versions' ? { versions } : {}) };
  },
};

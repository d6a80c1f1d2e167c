import { serviceStatuses } from '../../rules/cdr/enums.ts';
import type { StatusSetting } from './router.ts';

/** What `--cdr-status` may say: one documented status, or each in turn. */
export const statusSettings: readonly string[] = [...serviceStatuses, 'rotate'];

export function statusSetting(value: unknown): StatusSetting {
  if (value === undefined) return 'rotate';
  if (typeof value !== 'string' || !statusSettings.includes(value))
    throw new Error(`--cdr-status must be one of ${statusSettings.join(', ')}`);
  return value as StatusSetting;
}

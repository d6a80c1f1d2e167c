import type { EnrollmentSetting } from './notification-handler.ts';

const settings: readonly EnrollmentSetting[] = ['any', 'known'];

/** What `--agentic-enrollments` may say: which enrollmentIds the partner knows (default known). */
export function enrollmentSetting(value: unknown): EnrollmentSetting {
  if (value === undefined) return 'known';
  if (typeof value !== 'string' || !(settings as readonly string[]).includes(value))
    throw new Error(`--agentic-enrollments must be one of ${settings.join(', ')}`);
  return value as EnrollmentSetting;
}

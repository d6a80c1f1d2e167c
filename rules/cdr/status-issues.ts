import { statusData } from './envelope-schemas.ts';

/** One way a status response breaks a rule. */
export interface StatusIssue {
  rule: string;
  message: string;
}

type Json = Record<string, unknown>;

/**
 * Every breach of a status response's data, each attributed to one rule: the shape (status enum, updateTime)
 * to cdr.status.record, and the conditional fields to their own rules, judged on whatever status it says.
 */
export function statusIssues(body: unknown): StatusIssue[] {
  const data = (typeof body === 'object' && body !== null ? (body as Json).data : undefined) as Json | undefined;
  const parsed = statusData.safeParse(data);
  const issues: StatusIssue[] = parsed.success ? [] : parsed.error.issues.map((issue) => ({ rule: 'cdr.status.record', message: `data.${issue.path.map(String).join('.')}: ${issue.message}` }));
  if (typeof data !== 'object' || data === null) return issues;
  const status = data.status;
  if (status !== 'OK' && typeof status === 'string' && typeof data.explanation !== 'string') {
    issues.push({ rule: 'cdr.status.explanation-when-not-ok', message: `status is ${status} but explanation is missing` });
  }
  if (data.detectionTime !== undefined && status !== 'PARTIAL_FAILURE' && status !== 'UNAVAILABLE') {
    issues.push({ rule: 'cdr.status.detection-time', message: `detectionTime is given with status ${String(status)}` });
  }
  if (status === 'OK' && data.expectedResolutionTime !== undefined) {
    issues.push({ rule: 'cdr.status.resolution-absent-when-ok', message: 'expectedResolutionTime is given with status OK' });
  }
  return issues;
}

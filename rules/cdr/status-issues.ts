import { statusResponse } from './envelope-schemas.ts';

/** One way a status response breaks a rule. */
export interface StatusIssue {
  rule: string;
  message: string;
}

type Json = Record<string, unknown>;

/**
 * Every breach of a status response, each attributed to one rule: the shape (status enum, updateTime,
 * links.self) to cdr.status.record, explanation to its own rule. Where detectionTime and
 * expectedResolutionTime appear is a SHOULD of the standard: see statusObservations.
 */
export function statusIssues(body: unknown): StatusIssue[] {
  const parsed = statusResponse.safeParse(body);
  const issues: StatusIssue[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        rule: 'cdr.status.record',
        message: `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`,
      }));
  const data = (typeof body === 'object' && body !== null ? (body as Json).data : undefined) as Json | undefined;
  if (typeof data !== 'object' || data === null) return issues;
  const status = data.status;
  if (status !== 'OK' && typeof status === 'string' && typeof data.explanation !== 'string') {
    issues.push({
      rule: 'cdr.status.explanation-when-not-ok',
      message: `status is ${status} but explanation is missing`,
    });
  }
  return issues;
}

/**
 * The SHOULD sentences of the status record, as observations: "detectionTime with UNAVAILABLE", "expectedResolutionTime
 * with OK (the standard: should not)". Pure.
 */
export function statusObservations(body: unknown): string[] {
  const data = (body as { data?: Json } | null)?.data;
  if (typeof data !== 'object' || data === null) return [];
  const status = String(data.status);
  const notes: string[] = [];
  if (data.detectionTime !== undefined)
    notes.push(
      `detectionTime with ${status}${status === 'PARTIAL_FAILURE' || status === 'UNAVAILABLE' ? '' : ' (the standard: should only be present with PARTIAL_FAILURE or UNAVAILABLE)'}`,
    );
  if (data.expectedResolutionTime !== undefined)
    notes.push(
      `expectedResolutionTime with ${status}${status === 'OK' ? ' (the standard: should not be present with OK)' : ''}`,
    );
  return notes;
}

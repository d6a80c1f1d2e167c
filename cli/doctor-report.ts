import type { PreflightReport } from '../client/family-session.ts';
import { defaultRedactor } from '../core/redaction.ts';
import { type FamilyOperations, wrongBaseUrl } from '../run/doctor-operations.ts';

/** What `harness doctor` found, per family: the preflight's facts, each operation path's answer, what is wrong. */
export interface DoctorFindings {
  reports: readonly PreflightReport[];
  operations: readonly FamilyOperations[];
}

/** The problems that make a family unusable: the preflight's (unreachable, credentials refused), a wrong base URL. */
export function doctorProblems({ reports, operations }: DoctorFindings): string[] {
  return reports.flatMap((report) => {
    const wrong = operations.find((found) => found.family === report.family);
    const baseProblem = wrong && wrongBaseUrl(wrong);
    // Doctor says OK only where a call with each credential of the entry was accepted (client/credential-check.ts).
    const refused = (report.credentials ?? []).filter((check) => !check.accepted && !check.mistaken);
    return [
      ...(report.problem ? [`${report.family} at ${report.url}: ${report.problem}`] : []),
      ...(baseProblem ? [`${report.family}: ${baseProblem}`] : []),
      ...refused.map((check) => `${report.family}: the ${check.kind} of ${check.key} was refused (${check.answered})`),
    ];
  });
}

/** The findings as lines for a terminal, secrets redacted. */
export function renderDoctor({ reports, operations }: DoctorFindings): string {
  return reports
    .map((report) => {
      const asked = operations.find((found) => found.family === report.family);
      const auth =
        asked?.authenticated === false
          ? 'auth: no authentication in this family (the entry gives no credentials)'
          : `auth works: ${report.authenticated ? 'yes' : 'no'}`;
      const facts = [
        `reachable: ${report.reachable ? 'yes' : 'no'}`,
        auth,
        `server: ${report.serverHeader ?? '(no Server header)'}`,
        `latency: ${report.latencyMs === undefined ? '-' : `${report.latencyMs} ms`}`,
      ];
      const baseProblem = asked && wrongBaseUrl(asked);
      const lines = [
        ...(report.credentials ?? []).flatMap((check) => [
          `credential ${check.kind}: ${check.accepted ? 'accepted' : 'refused'} (${check.answered}${check.wrongAnswered ? `; a wrong one: ${check.wrongAnswered.replace(/^.* answered /, 'answered ')}` : ''})`,
          // A refusal says why in its body, and the keys of the entry that could explain it are named.
          ...(check.accepted
            ? []
            : [
                ...(check.refusalBody ? [`  refused with: ${check.refusalBody}`] : []),
                `  keys that could explain it: families.${report.family}.${check.key}`,
              ]),
        ]),
        ...(asked?.answers ?? []).map(
          (answer) => `${answer.operation} answered ${answer.status ?? `nothing (${answer.error})`}`,
        ),
        ...(report.problem ? [`problem: ${report.problem}`] : []),
        ...(baseProblem ? [`problem: ${baseProblem}`] : []),
        ...report.notes.map((note) => `note: ${note}`),
      ];
      return [
        `${report.family}  ${report.url}`,
        `  ${facts.join(', ')}`,
        ...lines.map((line) => `  ${defaultRedactor.redactSecrets(line)}`),
      ].join('\n');
    })
    .join('\n');
}

/** The closing line: what is wrong, or what was found usable (a family with no authentication says so). */
export function doctorVerdict(findings: DoctorFindings): string {
  const problems = doctorProblems(findings);
  if (problems.length) return `NOT USABLE: ${defaultRedactor.redactSecrets(problems.join('; '))}`;
  const unauthenticated = findings.operations.filter((found) => !found.authenticated).map((found) => found.family);
  const asked = findings.operations.length ? ', its operation paths answer' : '';
  return unauthenticated.length
    ? `OK: every family is reachable${asked}; no authentication in ${unauthenticated.join(', ')} (the entry gives no credentials)`
    : `OK: every family is reachable${asked} and a call with each of its credentials was accepted`;
}

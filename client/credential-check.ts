import type { CredentialCheck, PreflightReport } from './family-session.ts';

export type { CredentialCheck };
import type { Exchange } from './http-exchange.ts';
import { defaultRedactor } from '../core/redaction.ts';

/*
 * Every credential an entry names is tried by the preflight: once with the entry's value, and, where that is
 * refused, once with a value that is certainly wrong. Refused exactly as the wrong one is, the entry's value is
 * the team's mistake (a configuration error, exit 2, naming the key to edit), never the service's fault; refused
 * otherwise, it is the rules' to judge.
 */

/** A value no target issues: what a wrong credential is tried with. */
export const wrongCredential = 'harness-deliberately-wrong-credential';

/** How a family's refusal of a credential looks: a 401 or 403 by default. */
export type Refusal = (exchange: Exchange) => string | undefined;

/** 401 or 403, as "HTTP 403". */
export const refusedByStatus: Refusal = (exchange) => {
  const status = exchange.response?.status;
  return status === 401 || status === 403 ? `HTTP ${status}` : undefined;
};

/** The request and its answer, in words. */
export function exchangeInWords(exchange: Exchange): string {
  const answer = exchange.response ? String(exchange.response.status) : `nothing (${exchange.error?.code})`;
  return `${exchange.request.method} ${exchange.request.url} answered ${answer}`;
}

export interface CredentialTrial {
  kind: string;
  key: string;
  /** The exchange made with the entry's value. */
  sent: Exchange;
  /** The same request with a wrong credential; asked only where `sent` was refused. */
  withWrong: () => Promise<Exchange>;
  refusal?: Refusal;
}

/** The first 300 characters of an answer's body, on one line; undefined where it has none. */
function bodyStart(exchange: Exchange): string | undefined {
  try {
    // Redacted where it is kept: a body may echo a credential, and the preflight goes into summary.json.
    const text = defaultRedactor
      .redactText(exchange.response?.text() ?? '')
      .replace(/\s+/g, ' ')
      .trim();
    return text ? text.slice(0, 300) : undefined;
  } catch {
    return undefined;
  }
}

/** Tries one credential: accepted, refused as the service's choice, or refused as a wrong one is (mistaken). */
export async function checkCredential(trial: CredentialTrial): Promise<CredentialCheck> {
  const refusal = trial.refusal ?? refusedByStatus;
  const refused = refusal(trial.sent);
  const base = { kind: trial.kind, key: trial.key, answered: exchangeInWords(trial.sent) };
  if (refused === undefined) return { ...base, accepted: true, mistaken: false };
  const wrong = await trial.withWrong();
  const body = bodyStart(trial.sent);
  return {
    ...base,
    accepted: false,
    ...(body ? { refusalBody: body } : {}),
    wrongAnswered: exchangeInWords(wrong),
    mistaken: refusal(wrong) === refused,
  };
}

/**
 * The preflight's report with its credential checks: a mistaken one is the report's problem, naming the key; a
 * refusal that a wrong credential does not share is no configuration error (the rules judge it) and is noted.
 */
export function withCredentialChecks(report: PreflightReport, checks: readonly CredentialCheck[]): PreflightReport {
  const mistaken = checks.find((check) => check.mistaken);
  const refusedOtherwise = checks.filter((check) => !check.accepted && !check.mistaken);
  const notes = refusedOtherwise.map(
    (check) =>
      `the ${check.kind} of ${check.key} was refused (${check.answered}), but not as a wrong one is (${check.wrongAnswered}): the rules judge it`,
  );
  const { problem: _preflightProblem, ...rest } = report;
  const credentialsRefused = report.problem?.startsWith('credentials refused') ?? false;
  const problem = mistaken
    ? `${mistaken.kind} refused: ${mistaken.answered}, as a deliberately wrong one is (${mistaken.wrongAnswered?.replace(/^.* answered /, 'answered ')}); edit ${mistaken.key}`
    : credentialsRefused && checks.length > 0
      ? undefined
      : report.problem;
  return {
    ...rest,
    authenticated: report.authenticated && checks.every((check) => check.accepted),
    credentials: [...checks],
    ...(mistaken ? { fixKey: mistaken.key } : {}),
    ...(problem === undefined ? {} : { problem }),
    notes: [...report.notes, ...notes],
  };
}

/** Runs `use` with a client made for one trial, and closes it afterwards. */
export async function withClient<C extends { close(): Promise<void> }, T>(
  client: C,
  use: (client: C) => Promise<T>,
): Promise<T> {
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

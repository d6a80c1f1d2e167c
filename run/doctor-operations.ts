import type { DoctorPlan, DoctorRequest } from '../families/family.ts';
import type { HttpClient } from '../client/http-client.ts';
import type { FamilyModule } from '../families/family.ts';
import { familyHttpClient } from '../client/family-http-client.ts';
import type { ClientSettings } from '../targets/schema.ts';

/** What one operation path of a family answered `harness doctor`'s harmless request. */
export interface OperationAnswer {
  /** `POST http://host/base/mappings`: the method and the URL asked. */
  operation: string;
  /** The HTTP status, when an answer came. */
  status?: number;
  /** Why no answer came (the client's error code and message). */
  error?: string;
  /** The answer says the operation is not served there: 404, 405, or the family's own sign (DoctorPlan.notServed). */
  notServed?: string;
}

/** What doctor found of one family's operations, beside its preflight. */
export interface FamilyOperations {
  family: string;
  answers: OperationAnswer[];
  /** False when the entry's section sends no credentials. */
  authenticated: boolean;
}

/**
 * Sends each family's harmless request per operation path (families/family.ts `doctor`), one at a time, with the
 * entry's client settings; a family without a plan is left out. Never throws for what the target does.
 */
export async function askOperations(
  selected: readonly FamilyModule[],
  sections: Readonly<Record<string, unknown>>,
  settings: ClientSettings,
): Promise<FamilyOperations[]> {
  const client = familyHttpClient(settings);
  try {
    const found: FamilyOperations[] = [];
    for (const family of selected) {
      if (!family.doctor) continue;
      const plan: DoctorPlan = family.doctor(sections[family.name]);
      const answers: OperationAnswer[] = [];
      for (const request of plan.requests) answers.push(await answerOf(client, plan, request));
      found.push({ family: family.name, answers, authenticated: plan.authenticated ?? true });
    }
    return found;
  } finally {
    await client.close();
  }
}

/** One harmless request of a doctor plan, sent, as its answer in words (never throws for what the target does). */
export async function answerOf(client: HttpClient, plan: DoctorPlan, request: DoctorRequest): Promise<OperationAnswer> {
  const url = plan.baseUrl.replace(/\/+$/, '') + request.path;
  const exchange = await client.send({
    method: request.method,
    url,
    ...(request.json === undefined ? {} : { json: request.json }),
  });
  const status = exchange.response?.status;
  const notServed =
    status === 404 || status === 405
      ? `answered ${status}`
      : status === undefined
        ? undefined
        : plan.notServed?.(exchange);
  return {
    operation: `${request.method} ${url}`,
    ...(status === undefined ? { error: `${exchange.error?.code}: ${exchange.error?.message}` } : { status }),
    ...(notServed === undefined ? {} : { notServed }),
  };
}

/** The first answer that says the base URL is wrong (404: no such path there), as the line doctor prints. */
export function wrongBaseUrl(operations: FamilyOperations): string | undefined {
  const missing = operations.answers.find((answer) => answer.status === 404);
  return missing && `base URL looks wrong: ${missing.operation} answered 404`;
}

/**
 * Every operation of the family answered 404 or 405 (or the family's own "not served") to doctor's harmless request: nothing of the family lives at
 * the entry's base URL, which is the team's mistake, never the service's fault. The answers, in words.
 */
export function noOperationAtBaseUrl(operations: FamilyOperations): string | undefined {
  const { answers } = operations;
  if (answers.length === 0 || !answers.every((answer) => answer.notServed !== undefined)) return undefined;
  return answers.map((answer) => `${answer.operation} ${answer.notServed}`).join('; ');
}

import { demographicFields } from '../../rules/loyalty/records.ts';

/** What valid bodies are made from: the run's clock, the entry's institution, program codes and mandatory demographics. */
export interface LoyaltyContext {
  nowMs: number;
  institutionId: string;
  /** The program codes the network accepts (the entry's programCodes; the document's placeholders by default). */
  programCodes: readonly string[];
  mandatory(program: string): readonly string[];
}

/** The placeholder requestor_order_id of a generated order: the suite replaces it with one fresh for the run. */
export const freshOrderId = 'fresh-order-id';

/** yyyy-MM-dd'T'HH:mm:ss.SSS'Z' of an instant. */
export const orderDateTime = (ms: number) => new Date(ms).toISOString();

/** RFC 3339 with nanoseconds of an instant. */
export const nanosTime = (ms: number, nanos = '123456789') => `${new Date(ms).toISOString().slice(0, 19)}.${nanos}Z`;

/** A value for each demographic field. */
export const demographicValues: Readonly<Record<string, string>> = Object.fromEntries(
  demographicFields.map((field) => [
    field,
    field === 'EMAIL' ? 'member@example.com' : field === 'COUNTRY' ? 'US' : `${field.toLowerCase()}-1`,
  ]),
);

export const demographicsWith = (fields: readonly string[]) =>
  Object.fromEntries(fields.map((field) => [field, demographicValues[field] as string]));

export function validSubscription(context: LoyaltyContext): Record<string, unknown> {
  return {
    network_info: { institution_id: context.institutionId },
    instrument_id: 'instr-0001',
    benefit_id: 'benefit-lounge',
  };
}

/** A valid order for a program with exactly its mandatory demographics. */
export function validOrder(
  context: LoyaltyContext,
  program: string = context.programCodes[0] as string,
): Record<string, unknown> {
  return {
    requestor_order_id: freshOrderId,
    order_date_time: orderDateTime(context.nowMs),
    instrument_id: 'instr-0001',
    program_code: program,
    program_account_id: 'FF12345678',
    network: { institution_id: context.institutionId },
    demographics: demographicsWith(context.mandatory(program)),
  };
}

export function validNotification(context: LoyaltyContext): Record<string, unknown> {
  return {
    source: 'Issuer',
    type: 'lty.v1.partner.award',
    time: nanosTime(context.nowMs),
    data: { code: 'SUCCESS' },
    specversion: '0.3',
  };
}

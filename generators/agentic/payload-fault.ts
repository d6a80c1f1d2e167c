import { notificationTypes, payloadKinds, type NotificationType } from '../../rules/agentic/records.ts';
import { invalidPayload } from './invalid-payload.ts';
import type { PayloadContext } from './valid-payload.ts';

/** The field rules of part C a payload fault breaks (one each). */
export const payloadFieldRules = [
  'agentic.payload.required-fields',
  'agentic.payload.enum-values',
  'agentic.payload.proof-of-intent-signed-jwt',
] as const;
export type PayloadFieldRule = (typeof payloadFieldRules)[number];

/**
 * One field of a payload of `kind` made invalid (left out, or given `value`), as `invalidPayload` makes it: what a
 * notification of a sequence is refused for. Applied to any valid payload of the kind, it breaks `ruleId` alone.
 */
export interface PayloadFault {
  kind: NotificationType;
  ruleId: PayloadFieldRule;
  field: string;
  /** Left out when absent. */
  value?: unknown;
  leftOut: boolean;
  why: string;
}

/** The kind an invalid payload was made from: its notificationType when it is one, else its status field's. */
function kindOf(value: Record<string, unknown>): NotificationType {
  const named = notificationTypes.find((kind) => value.notificationType === kind);
  return named ?? (notificationTypes.find((kind) => payloadKinds[kind].statusField in value) as NotificationType);
}

/** Every payload fault of the field-rule generator, for every kind and the three field rules; pure. */
export function payloadFaults(context: PayloadContext): readonly PayloadFault[] {
  return payloadFieldRules.flatMap((ruleId) =>
    invalidPayload(ruleId, context).boundaries.map((invalid): PayloadFault => {
      const leftOut = !(invalid.field in invalid.value);
      return {
        kind: kindOf(invalid.value),
        ruleId,
        field: invalid.field,
        leftOut,
        ...(leftOut ? {} : { value: invalid.value[invalid.field] }),
        why: invalid.why,
      };
    }),
  );
}

/** The payload with the fault made; pure. */
export function withFault(payload: Readonly<Record<string, unknown>>, fault: PayloadFault): Record<string, unknown> {
  const { [fault.field]: _left, ...rest } = payload;
  return fault.leftOut ? rest : { ...rest, [fault.field]: fault.value };
}

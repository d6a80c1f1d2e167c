import { z } from 'zod';

/** The partner's notification endpoint, relative to its base address ("Endpoints", C). */
export const notificationsPath = '/payments/digital/v1/agentic-commerce/notifications';

export const enrollmentStatuses = ['ACTIVE', 'SUSPEND', 'CANCEL', 'RESUME'] as const;
export const intentStatuses = ['ACTIVE', 'CANCEL'] as const;
export const paymentCredentialStatuses = ['ACTIVE', 'CANCEL'] as const;

/** The three payloads of part C, each with its status field and enumeration. */
export const payloadKinds = {
  ENROLLMENT_UPDATE: { statusField: 'enrollmentStatus', statuses: enrollmentStatuses },
  INTENT_UPDATE: { statusField: 'intentStatus', statuses: intentStatuses },
  PAYMENT_CREDENTIAL_UPDATE: { statusField: 'paymentCredentialStatus', statuses: paymentCredentialStatuses },
} as const;
export type NotificationType = keyof typeof payloadKinds;
export const notificationTypes = Object.keys(payloadKinds) as NotificationType[];

/**
 * A signed JSON web token in compact form: three base64url parts, a JSON header whose alg is not `none`, a signature.
 */
export const signedJwtSchema = z.string().refine((value) => {
  const parts = value.split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]+$/.test(part))) return false;
  try {
    const header = JSON.parse(Buffer.from(parts[0] as string, 'base64url').toString('utf8')) as { alg?: unknown };
    const claims: unknown = JSON.parse(Buffer.from(parts[1] as string, 'base64url').toString('utf8'));
    return (
      typeof header.alg === 'string' &&
      header.alg !== 'none' &&
      typeof claims === 'object' &&
      claims !== null &&
      !Array.isArray(claims)
    );
  } catch {
    return false;
  }
}, 'not a signed JWT');

export const enrollmentUpdateSchema = z.looseObject({
  notificationType: z.literal('ENROLLMENT_UPDATE'),
  enrollmentStatus: z.enum(enrollmentStatuses),
  enrollmentId: z.string(),
  stepUpSessionId: z.string().optional(),
});

export const intentUpdateSchema = z.looseObject({
  notificationType: z.literal('INTENT_UPDATE'),
  enrollmentId: z.string(),
  intentStatus: z.enum(intentStatuses),
  proofOfIntent: signedJwtSchema,
  stepUpSessionId: z.string().optional(),
});

export const paymentCredentialUpdateSchema = z.looseObject({
  notificationType: z.literal('PAYMENT_CREDENTIAL_UPDATE'),
  enrollmentId: z.string(),
  paymentCredentialStatus: z.enum(paymentCredentialStatuses),
  stepUpSessionId: z.string().optional(),
});

/** Any of the three payloads, told apart by notificationType. */
export const notificationPayloadSchema = z.discriminatedUnion('notificationType', [
  enrollmentUpdateSchema,
  intentUpdateSchema,
  paymentCredentialUpdateSchema,
]);
export type NotificationPayload = z.infer<typeof notificationPayloadSchema>;

/** The required fields of each payload (every field but stepUpSessionId). */
export const requiredFields: Readonly<Record<NotificationType, readonly string[]>> = {
  ENROLLMENT_UPDATE: ['notificationType', 'enrollmentStatus', 'enrollmentId'],
  INTENT_UPDATE: ['notificationType', 'enrollmentId', 'intentStatus', 'proofOfIntent'],
  PAYMENT_CREDENTIAL_UPDATE: ['notificationType', 'enrollmentId', 'paymentCredentialStatus'],
};

/** The error bodies of "Errors", C. */
export const userExceptionSchema = z.looseObject({
  error: z.looseObject({
    code: z.string(),
    description: z.string(),
    type: z.literal('USER_EXCEPTION'),
    param: z.string().optional(),
  }),
});
export const businessExceptionSchema = z.looseObject({
  error: z.looseObject({ code: z.string(), description: z.string(), type: z.literal('BUSINESS_EXCEPTION') }),
});
export const systemExceptionSchema = z.looseObject({
  error: z.looseObject({
    code: z.literal('20001'),
    description: z.literal('Internal server error'),
    type: z.literal('SYSTEM_EXCEPTION'),
  }),
});

export const agenticStatuses = {
  accepted: 200,
  userException: 400,
  businessException: 422,
  systemException: 500,
} as const;

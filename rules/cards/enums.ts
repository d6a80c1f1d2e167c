/** The enumerations of part B's records and states. */
export const cardStatuses = [
  'IN_PROGRESS',
  'ACTIVE',
  'PREACTIVE',
  'INACTIVE',
  'EXPIRED',
  'CANCELLED',
  'UNSUCCESSFUL',
] as const;
export type CardStatus = (typeof cardStatuses)[number];

/** Statuses a card user may be assigned to (assignment rule 1). */
export const assignableCardStatuses = ['ACTIVE', 'PREACTIVE'] as const satisfies readonly CardStatus[];

export const cardUserStatuses = ['ACTIVATED', 'VERIFICATION_PENDING', 'VERIFICATION_FAILED', 'DEACTIVATED'] as const;
export type CardUserStatus = (typeof cardUserStatuses)[number];

export const spendTypes = ['SINGLE_USE', 'MULTI_USE'] as const;
export const timeZones = ['AEST', 'PST', 'EST', 'MST', 'GST', 'AST', 'GMT', 'CET'] as const;
export const varianceTypes = ['PERCENTAGE', 'AMOUNT'] as const;
export const formFactors = ['PLASTIC', 'VIRTUAL', 'BOTH'] as const;
export const emailTypes = ['PERSONAL', 'WORK', 'ALTERNATE'] as const;
export const notificationTypes = ['SUCCESSFUL_AUTH', 'DECLINED_AUTH'] as const;

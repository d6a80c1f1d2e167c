import { validPayload } from '../../../generators/agentic/valid-payload.ts';
import { notificationTypes } from '../../../rules/agentic/records.ts';
import type { AgenticSession } from './agentic-session.ts';

/**
 * One valid payload of each notification kind: what a rule sends when only the way it is sent, or the answer, is
 * judged.
 */
export async function onePerKind(session: Pick<AgenticSession, 'payloadContext'>) {
  const context = await session.payloadContext();
  return notificationTypes.map((kind) => validPayload(kind, context).boundaries[0]);
}

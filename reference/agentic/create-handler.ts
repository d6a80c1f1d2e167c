import { importPKCS8 } from 'jose';
import type { FamilyHandler, FamilyReferenceOptions } from '../family-reference.ts';
import { notificationsPath } from '../../rules/agentic/records.ts';
import { readBody, replyJson } from '../http-io.ts';
import { enrollmentSetting } from './enrollment-setting.ts';
import { agenticBehaviourFor } from './mutants/index.ts';
import { NotificationHandler } from './notification-handler.ts';

/** The agentic partner's handler: imported when a reference starts (reference/agentic/index.ts), jose with it. */
export function createAgenticHandler({ mutant, env, options }: FamilyReferenceOptions): FamilyHandler {
  const privateKey = importPKCS8(env.REFERENCE_AGENTIC_PRIVATE_KEY as string, 'RSA-OAEP-256');
  // An unused rejection must not crash the process before the first request awaits it.
  privateKey.catch(() => {});
  const behaviour = agenticBehaviourFor(mutant);
  const handler = new NotificationHandler(
    behaviour,
    env.REFERENCE_AGENTIC_TOKEN as string,
    privateKey,
    enrollmentSetting(options?.enrollments),
  );
  return {
    async handle(req, res, path) {
      if (path !== notificationsPath || req.method !== 'POST')
        return replyJson(res, 404, {
          error: { code: 'NOT_FOUND', description: 'no such operation', type: 'USER_EXCEPTION' },
        });
      const answer = await handler.handle(req, (await readBody(req)).toString('utf8'));
      if (answer.body === undefined) {
        res.writeHead(answer.status).end();
        return;
      }
      replyJson(res, answer.status, answer.body, { 'content-type': behaviour.contentType(answer.status) });
    },
  };
}

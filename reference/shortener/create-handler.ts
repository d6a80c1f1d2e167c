import type { FamilyHandler, FamilyReferenceOptions } from '../family-reference.ts';
import { mappingsPath } from '../../rules/shortener/records.ts';
import { readBody, replyJson } from '../http-io.ts';
import { MappingsHandler } from './mappings-handler.ts';
import { shortenerBehaviourFor } from './mutants/index.ts';

/** The shortener reference's handler: imported when a reference starts (reference/shortener/index.ts). */
export function createShortenerHandler({ mutant }: FamilyReferenceOptions): FamilyHandler {
  const behaviour = shortenerBehaviourFor(mutant);
  const mappings = new MappingsHandler(behaviour);
  return {
    async handle(req, res, path) {
      if (path !== mappingsPath || req.method !== 'POST') return replyJson(res, 404, { message: 'no such operation' });
      let body: unknown;
      try {
        body = JSON.parse((await readBody(req)).toString('utf8'));
      } catch {
        return replyJson(res, 400, { message: 'the body is not JSON' });
      }
      const answer = mappings.handle(body, `http://${req.headers.host ?? '127.0.0.1'}/s`);
      replyJson(res, answer.status, answer.body, { 'content-type': behaviour.contentType(answer.status) });
    },
  };
}

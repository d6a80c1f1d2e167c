import type { FamilyReference } from '../family-reference.ts';
import { mappingsPath } from '../../rules/shortener/records.ts';
import { readBody, replyJson } from '../http-io.ts';
import { MappingsHandler } from './mappings-handler.ts';
import { shortenerBehaviourFor, shortenerMutants } from './mutants/index.ts';

/**
 * The URL-shortening part of the reference target: POST /mappings with vanity paths kept in memory per
 * domain. The document does not show how the operation authenticates, so the reference asks for nothing.
 */
export const shortenerReference: FamilyReference = {
  prefix: '/shortener',
  modes: ['default'],
  mutants: shortenerMutants,
  ensureCredentials() {},
  create({ mutant }) {
    const behaviour = shortenerBehaviourFor(mutant);
    const mappings = new MappingsHandler(behaviour);
    return {
      async handle(req, res, path) {
        if (path !== mappingsPath || req.method !== 'POST')
          return replyJson(res, 404, { message: 'no such operation' });
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
  },
  targetSection(baseUrl) {
    return { baseUrl };
  },
};

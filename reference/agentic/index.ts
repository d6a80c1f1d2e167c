import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { importPKCS8 } from 'jose';
import type { FamilyReference } from '../family-reference.ts';
import { notificationsPath } from '../../rules/agentic/records.ts';
import { readBody, replyJson } from '../http-io.ts';
import { agenticBehaviourFor, agenticMutants } from './mutants/index.ts';
import { NotificationHandler, type EnrollmentSetting } from './notification-handler.ts';

const settings: readonly EnrollmentSetting[] = ['any', 'known'];

function enrollmentSetting(value: unknown): EnrollmentSetting {
  if (value === undefined) return 'known';
  if (typeof value !== 'string' || !(settings as readonly string[]).includes(value))
    throw new Error(`--agentic-enrollments must be one of ${settings.join(', ')}`);
  return value as EnrollmentSetting;
}

/**
 * The partner side of agentic-commerce notifications. Its bearer token comes from REFERENCE_AGENTIC_TOKEN and
 * its RSA key pair from REFERENCE_AGENTIC_PRIVATE_KEY / REFERENCE_AGENTIC_PUBLIC_KEY (PEM), made per run when
 * unset; it decrypts RSA-OAEP-256 / A256GCM compact JWEs sent as the body. It knows only enrollmentIds beginning
 * with `enr-` (others get 422, so the 422 shape is met); `--agentic-enrollments any` makes it know every one.
 */
/**
 * The key pair made when the environment names none: once per process, since an RSA key takes about a
 * quarter of a second and a process may start many reference servers (the self-tests start hundreds).
 */
let generated: { privateKey: string; publicKey: string } | undefined;
function processKeyPair(): { privateKey: string; publicKey: string } {
  generated ??= generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return generated;
}

export const agenticReference: FamilyReference = {
  prefix: '/agentic',
  modes: ['default'],
  mutants: agenticMutants,
  flags: {
    'agentic-enrollments': {
      help: 'any|known   which enrollmentIds the agentic partner knows (known: only enr-..., others get 422; any: all). Default known',
      toOptions: (value) => ({ enrollments: enrollmentSetting(value) }),
    },
  },
  ensureCredentials(env) {
    env.REFERENCE_AGENTIC_TOKEN ??= randomBytes(24).toString('base64url');
    if (env.REFERENCE_AGENTIC_PRIVATE_KEY === undefined || env.REFERENCE_AGENTIC_PUBLIC_KEY === undefined) {
      const pair = processKeyPair();
      env.REFERENCE_AGENTIC_PRIVATE_KEY = pair.privateKey;
      env.REFERENCE_AGENTIC_PUBLIC_KEY = pair.publicKey;
    }
  },
  create({ mutant, env, options }) {
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
  },
  targetSection(baseUrl, _mode, env) {
    return {
      baseUrl,
      token: env.REFERENCE_AGENTIC_TOKEN,
      encryption: { publicKey: env.REFERENCE_AGENTIC_PUBLIC_KEY },
      enrollmentId: 'enr-reference-0001',
      unknownEnrollmentId: 'unknown-enrollment-0001',
    };
  },
};

import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { FamilyReference } from '../family-reference.ts';
import { enrollmentSetting } from './enrollment-setting.ts';
import { agenticMutants } from './mutants/index.ts';

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
  create: async (options) => (await import('./create-handler.ts')).createAgenticHandler(options),
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

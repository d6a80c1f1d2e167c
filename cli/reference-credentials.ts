import { randomBytes, randomUUID } from 'node:crypto';

/**
 * The bundled reference target takes its credentials from REFERENCE_CLIENT_ID and REFERENCE_CLIENT_SECRET
 * (targets.json refers to them as ${...}); when unset, fresh ones are made for this process and its
 * children, so no secret is ever written down.
 */
export function ensureReferenceCredentials(env: NodeJS.ProcessEnv): void {
  env.REFERENCE_CLIENT_ID ??= randomUUID();
  env.REFERENCE_CLIENT_SECRET ??= randomBytes(24).toString('base64url');
}

import type { IncomingMessage } from 'node:http';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { header } from './headers.ts';
import { InvalidRequest } from './reply.ts';

/** Reads a request body as JSON: size cap, optional gzip request encoding, parse. */

export const bodyLimitBytes = 1024 * 1024;

const gunzipAsync = promisify(gunzip);

function tooLarge(): InvalidRequest {
  return new InvalidRequest('request body is larger than 1 MiB', 'encoding');
}

/** Collects at most the limit; past it the rest is drained unbuffered so the client can still read our 400. */
function collect(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(header(req, 'content-length'));
  if (declared > bodyLimitBytes) {
    req.resume();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= bodyLimitBytes) {
        chunks.push(chunk);
        return;
      }
      req.off('data', onData);
      req.resume();
      reject(tooLarge());
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', () => reject(new InvalidRequest('request body could not be read', 'encoding')));
  });
}

async function decode(raw: Buffer, encoding: string, accepted: readonly string[]): Promise<Buffer> {
  if (!accepted.includes(encoding))
    throw new InvalidRequest(`Content-Encoding ${encoding} is not supported`, 'encoding');
  if (encoding !== 'gzip') return raw;
  try {
    // The cap applies to the inflated size too, so a small gzip bomb cannot blow memory up.
    return await gunzipAsync(raw, { maxOutputLength: bodyLimitBytes });
  } catch {
    throw new InvalidRequest('request body is not valid gzip or inflates beyond 1 MiB', 'encoding');
  }
}

/**
 * The parsed JSON value (any JSON type; callers check the shape).
 * `acceptedEncodings` lists the Content-Encoding values understood besides none.
 */
export async function readJson(req: IncomingMessage, acceptedEncodings: readonly string[]): Promise<unknown> {
  const encoding = (header(req, 'content-encoding') ?? 'identity').trim().toLowerCase() || 'identity';
  const raw = await collect(req);
  const bytes = await decode(raw, encoding, acceptedEncodings);
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new InvalidRequest('request body is not valid JSON', 'syntax');
  }
}

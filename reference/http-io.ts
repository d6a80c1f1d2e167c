import type { IncomingMessage, ServerResponse } from 'node:http';

/** The whole request body as bytes. */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A JSON answer with its length; every family of the reference answers this way (a content-type in `headers` stands:
 * mutants mislabel bodies).
 */
export function replyJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    ...headers,
    'content-length': String(payload.length),
  });
  res.end(payload);
}

import { gzipSync } from 'node:zlib';

/** Response compression: gzip only when the client accepts it and the JSON is larger than the threshold. */

/** Whether Accept-Encoding admits gzip: listed (or "*") with a non-zero q, and not refused by "gzip;q=0". */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (acceptEncoding === undefined) return false;
  const weights = new Map<string, number>();
  for (const item of acceptEncoding.split(',')) {
    const [coding = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (coding !== '') weights.set(coding, Number.isNaN(weight) ? 0 : weight);
  }
  const gzip = weights.get('gzip') ?? weights.get('*') ?? 0;
  return gzip > 0;
}

export interface EncodedBody {
  payload: Buffer;
  headers: Record<string, string>;
}

/** Serialises a JSON body, gzipping it when allowed and strictly larger than the threshold. */
export function encodeJson(body: unknown, gzipAccepted: boolean, thresholdBytes: number): EncodedBody {
  const json = Buffer.from(JSON.stringify(body), 'utf8');
  if (gzipAccepted && json.length > thresholdBytes) {
    return { payload: gzipSync(json), headers: { 'content-encoding': 'gzip' } };
  }
  return { payload: json, headers: {} };
}

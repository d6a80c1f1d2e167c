import { request } from 'undici';

/**
 * The id of the first product the list answers, for the detail operation's nightly run; a placeholder when
 * the list gives none (that run then fails its thresholds on the target's 404s, not the harness).
 */
export async function firstProductId(listUrl: string, headers: Record<string, string>, timeoutMs: number): Promise<string> {
  try {
    const answer = await request(listUrl, { headers, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
    const body = (await answer.body.json()) as { data?: { products?: { productId?: unknown }[] } };
    const productId = body.data?.products?.[0]?.productId;
    return typeof productId === 'string' && productId !== '' ? productId : 'no-product-listed';
  } catch {
    return 'no-product-listed';
  }
}

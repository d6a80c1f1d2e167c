import { listPageOf } from '../checks/product-walk.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';
import type { CdrClient } from '../client/cdr-client.ts';
import { servesOperation } from '../../../rules/cdr/endpoints.ts';

/**
 * A productId the target lists (the first of effective=ALL), for rules that hold on the detail operation too.
 * Read leniently: only productId. A target that lists nothing (or serves no list) still has a detail
 * operation; its answer for a made-up id is then judged.
 */
export async function knownProductId(client: CdrClient): Promise<string> {
  if (!servesOperation(client.section, 'list')) return 'no-product-listed';
  const exchange = await client.list({ effective: 'ALL' });
  const [first] = listPageOf(exchange, ['cdr.list.effective']).data.products;
  if (first === undefined) return 'no-product-listed';
  const id = (first as { productId?: unknown } | null)?.productId;
  if (typeof id !== 'string')
    throw new PrerequisiteMissing(
      ['cdr.product.list-item'],
      'the first listed product has no productId to ask the detail of',
      [exchange],
    );
  return id;
}

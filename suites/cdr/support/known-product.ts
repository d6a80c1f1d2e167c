import { listPageOf, productIdOf } from '../../../checks/cdr/product-walk.ts';
import type { CdrClient } from '../../../client/cdr/cdr-client.ts';

/** A productId the target lists (the first of effective=ALL), for rules that hold on the detail operation too. */
export async function knownProductId(client: CdrClient, ruleId: string): Promise<string> {
  const [first] = listPageOf(await client.list({ effective: 'ALL', pageSize: 1 }), ruleId).data.products;
  // A target that lists nothing still has a detail operation; its answer for a made-up id is then judged.
  return first === undefined ? 'no-product-listed' : productIdOf(first);
}

import { contentTypeForms } from '../../../checks/content-type-forms.ts';
import type { CustodyClient } from '../client/custody-client.ts';

/**
 * What a custody target labels its bodies with. Document 3 names no Content-Type for part C (nor any body
 * format beyond the fields), so it is observed, never judged: a FIRST page and the answer to a cursor
 * the server never produced.
 */
export async function contentTypesObserved(
  client: CustodyClient,
  endpoint: string,
): Promise<Record<string, Record<string, number>>> {
  const page = await client.page(endpoint, { pageRequest: 'FIRST' });
  const refusal = await client.page(endpoint, { pageRequest: 'NEXT', currentPage: 'not-a-server-token' });
  return { 'FIRST page': contentTypeForms([page]), 'cursor the server never made': contentTypeForms([refusal]) };
}

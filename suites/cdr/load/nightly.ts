import { randomUUID } from 'node:crypto';
import { cdrChecks } from '../checks/index.ts';
import { CdrClient } from '../client/cdr-client.ts';
import { listQueryString } from '../../../rules/cdr/list-query.ts';
import { cdrOperations, type CdrOperation } from '../../../rules/cdr/endpoints.ts';
import { servesOperation } from '../../../rules/cdr/endpoints.ts';
import { cdrRules } from '../../../rules/cdr/rules.ts';
import type { CdrSection } from '../entry/section.ts';
import { observedExchange } from '../../../load/observed-exchange.ts';
import { loadJudge } from '../../../load/rule-judgement.ts';
import type { LoadRequest } from '../../../load/scenario.ts';
import { constantRate, type NightlyContext, type NightlyScenarios } from '../../../load/nightly-profile.ts';
import { defaultPageSize } from '../../../rules/cdr/limits.ts';

const judge = loadJudge(cdrRules, cdrChecks);

/**
 * The open-banking read operations the target serves, each at the highest version it serves. Every answer, success
 * or error, must return the x-fapi-interaction-id it was sent (cdr.interaction-id.echo, judged by its registered
 * check, header-echo).
 */
export async function cdrNightly(context: NightlyContext<CdrSection>): Promise<NightlyScenarios> {
  const { section } = context;
  const client = new CdrClient(section, context.client, context.redactor);
  const interactionId = randomUUID();
  const headersFor = (operation: CdrOperation): Record<string, string> => ({
    'x-v': String(client.servedVersion(operation)),
    'x-fapi-interaction-id': interactionId,
    accept: 'application/json',
    ...(section.token ? { authorization: `Bearer ${section.token}` } : {}),
  });
  const query = { pageSize: defaultPageSize };
  const listed = servesOperation(section, 'list') ? await client.list(query) : undefined;
  const productId = firstProductId(() => listed?.response?.json());
  // Only the operations the holder serves (an entry may mark one as not served).
  const requests: LoadRequest[] = (
    [
      {
        label: 'list',
        method: 'GET',
        path: cdrOperations.list.path + listQueryString(query),
        headers: headersFor('list'),
      },
      {
        label: 'detail',
        method: 'GET',
        path: cdrOperations.detail.path.replace('{productId}', encodeURIComponent(productId)),
        headers: headersFor('detail'),
      },
      { label: 'status', method: 'GET', path: cdrOperations.status.path, headers: headersFor('status') },
    ] as (LoadRequest & { label: CdrOperation })[]
  ).filter((request) => servesOperation(section, request.label));
  return {
    scenarios: requests.map((request) =>
      constantRate(context.profile, {
        name: `nightly cdr ${request.label}`,
        family: 'cdr',
        baseUrl: section.baseUrl,
        requests: [request],
        checkResponse: (response) =>
          judge.breach('cdr.interaction-id.echo', observedExchange(section.baseUrl, request, response), {
            headerName: 'x-fapi-interaction-id',
            sent: interactionId,
          }),
      }),
    ),
    close: () => client.close(),
  };
}

/**
 * The id of the first product a list answer names, for the detail operation's run; a placeholder when it
 * names none (that run then fails its thresholds on the target's 404s, not the harness).
 */
function firstProductId(body: () => unknown): string {
  try {
    const productId = (body() as { data?: { products?: { productId?: unknown }[] } } | undefined)?.data?.products?.[0]
      ?.productId;
    if (typeof productId === 'string' && productId !== '') return productId;
  } catch {
    // not JSON: the placeholder below
  }
  return 'no-product-listed';
}

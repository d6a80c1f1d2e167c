import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { serviceStatuses, type ServiceStatus } from '../../rules/cdr/enums.ts';
import type { CdrOperation } from '../../rules/cdr/endpoints.ts';
import type { CdrBehaviour, ErrorItem } from './behaviour.ts';
import type { CatalogueProduct } from './catalogue.ts';
import { referenceErrors } from './errors.ts';
import { answerList } from './list-handler.ts';
import { asDetailVersion } from './versions.ts';

/** How the status operation reports: one status always, or each in turn (so every status rule branch is met). */
export type StatusSetting = ServiceStatus | 'rotate';

export interface CdrContext {
  behaviour: CdrBehaviour;
  catalogue: readonly CatalogueProduct[];
  /** Versions served per operation (the mode's). */
  versions: Record<CdrOperation, readonly number[]>;
  status: StatusSetting;
  /** Status requests answered so far (for rotation). */
  statusCalls: number;
}

const detailPath = /^\/v1\/banking\/products\/([^/]+)$/;

function operationOf(path: string): { operation: CdrOperation; productId?: string } | undefined {
  if (path === '/v1/banking/products') return { operation: 'list' };
  if (path === '/v1/discovery/status') return { operation: 'status' };
  const detail = detailPath.exec(path);
  return detail ? { operation: 'detail', productId: decodeURIComponent(detail[1] as string) } : undefined;
}

const headerOf = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** Answers one request: headers first (x-v, x-min-v), then the operation. Every response echoes the interaction id. */
export async function handleCdr(
  context: CdrContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  const { behaviour } = context;
  const sentId = headerOf(req, 'x-fapi-interaction-id');
  // Without one sent, a fresh id is returned (the document does not say; real data holders do).
  const freshId = randomUUID();
  const found = operationOf(path);
  const send = (status: number, body: unknown, version?: number) => {
    const payload = Buffer.from(JSON.stringify(body));
    const headers: Record<string, string> = {
      'content-type': behaviour.contentType(status),
      'content-length': String(payload.length),
    };
    const echoed = behaviour.interactionId(sentId, status, freshId);
    if (echoed !== undefined) headers['x-fapi-interaction-id'] = echoed;
    const header = version === undefined || !found ? undefined : behaviour.versionHeader(found.operation, version);
    if (header !== undefined) headers['x-v'] = header;
    res.writeHead(status, headers);
    res.end(payload);
  };
  const refuse = (status: number, error: ErrorItem) => send(status, { errors: [behaviour.errorItem(error)] });

  if (!found || req.method !== 'GET')
    return refuse(404, referenceErrors.notFound(`No operation ${req.method} ${path}`));
  const xv = headerOf(req, 'x-v');
  if (!behaviour.validXv(xv))
    return refuse(
      400,
      xv === undefined
        ? referenceErrors.missingHeader('x-v is required')
        : referenceErrors.invalidVersion(`x-v ${JSON.stringify(xv)} is not a positive integer`),
    );
  const xminv = headerOf(req, 'x-min-v');
  if (xminv !== undefined && !behaviour.validXminv(xminv))
    return refuse(400, referenceErrors.invalidVersion(`x-min-v ${JSON.stringify(xminv)} is not a positive integer`));
  const served = behaviour.served(found.operation, context.versions);
  const version = behaviour.negotiate(Number(xv), xminv === undefined ? undefined : Number(xminv), served);
  if (version === undefined)
    return refuse(
      406,
      referenceErrors.unsupportedVersion(
        `x-v ${xv}${xminv ? ` with x-min-v ${xminv}` : ''} asks for no version this data holder serves (${served.join(', ')})`,
      ),
    );

  const now = Date.now();
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
  if (found.operation === 'list') {
    const outcome = answerList(context.catalogue, behaviour, url, now, version);
    return 'error' in outcome ? refuse(outcome.status, outcome.error) : send(200, outcome.body, version);
  }
  if (found.operation === 'status') {
    const status =
      context.status === 'rotate'
        ? (serviceStatuses[context.statusCalls % serviceStatuses.length] as ServiceStatus)
        : context.status;
    context.statusCalls += 1;
    return send(200, { data: behaviour.statusData(status, now), links: { self: url.href }, meta: {} }, version);
  }
  const index = context.catalogue.findIndex(({ item }) => item.productId === found.productId);
  const product = context.catalogue[index];
  if (!product)
    return refuse(
      behaviour.unknownProductStatus,
      referenceErrors.unknownProduct(`No product ${JSON.stringify(found.productId)}`),
    );
  const detail = behaviour.servedRecord(
    asDetailVersion(behaviour.detailRecord(product.item, product.detailOnly, index), version),
    'detail',
    version,
    index,
  );
  return send(200, { data: detail, links: behaviour.detailLinks(url.href), meta: {} }, version);
}

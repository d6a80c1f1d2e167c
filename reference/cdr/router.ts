import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { serviceStatuses, type ServiceStatus } from '../../rules/cdr/enums.ts';
import type { CdrOperation } from '../../rules/cdr/endpoints.ts';
import type { CdrBehaviour, ErrorItem } from './behaviour.ts';
import type { CatalogueProduct } from './catalogue.ts';
import { referenceErrors } from './error-responses.ts';
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

/** Sends a request's answers: JSON with its length, the interaction id echoed, x-v where a version was agreed. */
interface CdrReply {
  send(status: number, body: unknown, version?: number): void;
  refuse(status: number, error: ErrorItem): void;
}

/** What a request is answered, or the error it is refused with. */
type Answer = { status: 200; body: unknown } | { status: number; error: ErrorItem };

/** Answers one request: headers first (x-v, x-min-v), then the operation. Every response echoes the interaction id. */
export async function handleCdr(
  context: CdrContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  const found = operationOf(path);
  const reply = replyTo(context.behaviour, req, res, found?.operation);
  if (!found || req.method !== 'GET')
    return reply.refuse(404, referenceErrors.notFound(`No operation ${req.method} ${path}`));
  const negotiated = negotiatedVersion(context, req, found.operation);
  if ('error' in negotiated) return reply.refuse(negotiated.status, negotiated.error);
  const { version } = negotiated;
  const now = Date.now();
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
  const answer =
    found.operation === 'list'
      ? answerList(context.catalogue, context.behaviour, url, now, version)
      : found.operation === 'status'
        ? statusAnswer(context, url, now)
        : detailAnswer(context, found.productId, url, version);
  return 'error' in answer ? reply.refuse(answer.status, answer.error) : reply.send(200, answer.body, version);
}

function replyTo(
  behaviour: CdrBehaviour,
  req: IncomingMessage,
  res: ServerResponse,
  operation: CdrOperation | undefined,
): CdrReply {
  const sentId = headerOf(req, 'x-fapi-interaction-id');
  // Without one sent, a fresh id is returned (the document does not say; real data holders do).
  const freshId = randomUUID();
  const send = (status: number, body: unknown, version?: number) => {
    const payload = Buffer.from(JSON.stringify(body));
    const headers: Record<string, string> = {
      'content-type': behaviour.contentType(status),
      'content-length': String(payload.length),
    };
    const echoed = behaviour.interactionId(sentId, status, freshId);
    if (echoed !== undefined) headers['x-fapi-interaction-id'] = echoed;
    const header = version === undefined || !operation ? undefined : behaviour.versionHeader(operation, version);
    if (header !== undefined) headers['x-v'] = header;
    res.writeHead(status, headers);
    res.end(payload);
  };
  return { send, refuse: (status, error) => send(status, { errors: [behaviour.errorItem(error)] }) };
}

/** The version agreed from x-v and x-min-v among those served, or the error refusing them. */
function negotiatedVersion(
  context: CdrContext,
  req: IncomingMessage,
  operation: CdrOperation,
): { version: number } | { status: number; error: ErrorItem } {
  const { behaviour } = context;
  const xv = headerOf(req, 'x-v');
  if (!behaviour.validXv(xv))
    return {
      status: 400,
      error:
        xv === undefined
          ? referenceErrors.missingHeader('x-v is required')
          : referenceErrors.invalidVersion(`x-v ${JSON.stringify(xv)} is not a positive integer`),
    };
  const xminv = headerOf(req, 'x-min-v');
  if (xminv !== undefined && !behaviour.validXminv(xminv))
    return {
      status: 400,
      error: referenceErrors.invalidVersion(`x-min-v ${JSON.stringify(xminv)} is not a positive integer`),
    };
  const served = behaviour.served(operation, context.versions);
  const version = behaviour.negotiate(Number(xv), xminv === undefined ? undefined : Number(xminv), served);
  if (version !== undefined) return { version };
  const asked = `x-v ${xv}${xminv ? ` with x-min-v ${xminv}` : ''}`;
  return {
    status: 406,
    error: referenceErrors.unsupportedVersion(
      `${asked} asks for no version this data holder serves (${served.join(', ')})`,
    ),
  };
}

/** The service's status: the one set, or each in turn. */
function statusAnswer(context: CdrContext, url: URL, now: number): Answer {
  const status =
    context.status === 'rotate'
      ? (serviceStatuses[context.statusCalls % serviceStatuses.length] as ServiceStatus)
      : context.status;
  context.statusCalls += 1;
  return {
    status: 200,
    body: {
      data: context.behaviour.statusData(status, now),
      links: { self: url.href },
      meta: context.behaviour.recordMeta('status'),
    },
  };
}

/** One product's detail in the version agreed, or the unknown product's error. */
function detailAnswer(context: CdrContext, productId: string | undefined, url: URL, version: number): Answer {
  const { behaviour } = context;
  const index = context.catalogue.findIndex(({ item }) => item.productId === productId);
  const product = context.catalogue[index];
  if (!product)
    return {
      status: behaviour.unknownProductStatus,
      error: referenceErrors.unknownProduct(`No product ${JSON.stringify(productId)}`),
    };
  const detail = behaviour.servedRecord(
    asDetailVersion(behaviour.detailRecord(product.item, product.detailOnly, index), version),
    'detail',
    version,
    index,
  );
  return {
    status: 200,
    body: { data: detail, links: behaviour.detailLinks(url.href), meta: behaviour.recordMeta('detail') },
  };
}

import { createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { replyJson, requestBody, startLocalServer } from '../../support/local-server.ts';

/*
 * The custody platform of document 3, part C, written from the document alone (not from the reference):
 * the nine cursor-paginated listings (cursor.pageRequest FIRST / LAST / NEXT / PREVIOUS, cursor.pageSize,
 * cursor.currentPage; `result` and `cursor` {currentPage, hasNext, hasPrevious}), tokens made and checked by
 * the server (E900-INVALID_CURSOR_DATA for any other), bearer authentication and the EVM proxy upgrade. A
 * multi-fault platform plants the faults `faults` names, all at once.
 */

export interface PlatformFaults {
  /**
   * /api/rest/v1/statistics/tags: NEXT from the third page (where later pages exist) answers the third page again,
   * token and all.
   */
  tagsLoopOnThirdPage?: boolean;
  /** /api/rest/v1/statistics/tags: the second page says hasPrevious false. */
  tagsSecondPageNoPrevious?: boolean;
  /** /api/rest/v1/statistics/tags: a token the server did not make is taken as the first page. */
  tagsAcceptForeignToken?: boolean;
  /** The upgrade takes numbers for its string fields. */
  upgradeAcceptsNumbers?: boolean;
  /** /api/rest/v1/requests/bundles answers without an Authorization header. */
  bundlesWithoutAuth?: boolean;
}

/** What the document leaves open, chosen as the custody platform behind it may choose. */
export interface PlatformChoices {
  /** Tokens older than this are refused with E900-INVALID_CURSOR_DATA (document 3 gives a token no lifetime). */
  tokenLifetimeMs?: number;
  /**
   * Pages hold at most this many items whatever cursor.pageSize asks, so pages before the last hold fewer than asked
   * (the platform: "The handling service should impose a hard limit on this"; document 3: "Maximum cursor.pageSize:
   * not shown"). Default: no limit.
   */
  pageSizeLimit?: number;
}

export interface DocumentPlatform {
  token: string;
  /** A custody section of a target entry for this platform (the token as a ${VAR} placeholder). */
  section(tokenVariable: string): Record<string, unknown>;
  close(): Promise<void>;
}

const tagId = 'tag-ops';
const contractInstanceId = 'ci-doc-1';
/** Items per listing: some lists a page size of 20 divides, some it does not, one empty. */
const counts: Record<string, number> = {
  '/api/rest/v1/statistics/tags': 45,
  [`/api/rest/v1/statistics/tags/${tagId}`]: 5,
  '/api/rest/v1/statistics/portfolio/history': 40,
  '/api/rest/v1/statistics/portfolio/history/export': 12,
  '/api/rest/v1/balances': 14,
  '/api/rest/v1/balances/nft/collections': 3,
  '/api/rest/v2/requests': 60,
  '/api/rest/v2/requests/for-approval': 0,
  '/api/rest/v1/requests/bundles': 21,
};
const upgradePath = new RegExp(`^/api/rest/v1/capital/contract-instances/${contractInstanceId}/evm/upgrade-proxy$`);

export async function startDocumentPlatform(
  faults: PlatformFaults = {},
  choices: PlatformChoices = {},
): Promise<DocumentPlatform> {
  const token = 'document-platform-token';
  const key = 'document-platform-cursor-key';
  const mount = '/custody';
  const items = new Map(
    Object.entries(counts).map(([path, count]) => [
      path,
      Array.from({ length: count }, (_, n) => ({ id: `${path.split('/').at(-1)}-${n + 1}`, value: String(n * 3) })),
    ]),
  );

  // A token: the position as base64 JSON, a dot, and its HMAC; any other string was not made here.
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64');
  const issue = (path: string, size: number, offset: number) => {
    // The issue time only where tokens expire: otherwise one position has one token, as a looping page shows.
    const payload = Buffer.from(
      JSON.stringify({ path, size, offset, ...(choices.tokenLifetimeMs === undefined ? {} : { at: Date.now() }) }),
    ).toString('base64');
    return `${payload}.${sign(payload)}`;
  };
  const read = (value: string): { path: string; size: number; offset: number } | undefined => {
    const [payload, mac, extra] = value.split('.');
    if (payload === undefined || mac === undefined || extra !== undefined || sign(payload) !== mac) return undefined;
    try {
      const position = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as {
        path: string;
        size: number;
        offset: number;
        at?: number;
      };
      // An expired token is no longer one the server stands by.
      return choices.tokenLifetimeMs !== undefined && Date.now() - (position.at ?? 0) > choices.tokenLifetimeMs
        ? undefined
        : position;
    } catch {
      return undefined;
    }
  };
  const refuse = (res: ServerResponse, status: number, code: string, message: string) =>
    replyJson(res, status, { code, message });

  const listing = (res: ServerResponse, path: string, list: readonly unknown[], query: URLSearchParams) => {
    const request = query.get('cursor.pageRequest') ?? 'FIRST';
    if (!['FIRST', 'LAST', 'NEXT', 'PREVIOUS'].includes(request))
      return refuse(res, 400, 'E400-INVALID_PAGE_REQUEST', 'cursor.pageRequest is FIRST, LAST, NEXT or PREVIOUS');
    const sizeText = query.get('cursor.pageSize');
    let size = sizeText === null ? 20 : Number(sizeText);
    if (!Number.isInteger(size) || size < 1)
      return refuse(res, 400, 'E400-INVALID_PAGE_SIZE', 'cursor.pageSize is a positive integer');
    size = Math.min(size, choices.pageSizeLimit ?? size);
    const current = query.get('cursor.currentPage');
    let from = 0;
    if (request === 'NEXT' || request === 'PREVIOUS') {
      if (!current) return refuse(res, 400, 'E400-MISSING_CURSOR', `${request} needs cursor.currentPage`);
      const position = read(current);
      const foreign = !position || position.path !== path || (sizeText !== null && position.size !== size);
      if (foreign && !(faults.tagsAcceptForeignToken && path === '/api/rest/v1/statistics/tags'))
        return refuse(res, 400, 'E900-INVALID_CURSOR_DATA', 'cursor.currentPage was not produced by the server');
      size = position && !foreign ? position.size : size;
      from = position && !foreign ? position.offset : 0;
    }
    const lastOffset = list.length === 0 ? 0 : Math.floor((list.length - 1) / size) * size;
    const loops = faults.tagsLoopOnThirdPage && path === '/api/rest/v1/statistics/tags' && from === 2 * size;
    const next = loops ? from : Math.min(from + size, lastOffset);
    const offset =
      request === 'FIRST' || (request !== 'LAST' && current && !read(current))
        ? 0
        : request === 'LAST'
          ? lastOffset
          : request === 'NEXT'
            ? next
            : Math.max(from - size, 0);
    const page = offset / size;
    const hasPrevious =
      faults.tagsSecondPageNoPrevious && path === '/api/rest/v1/statistics/tags' && page === 1 ? false : offset > 0;
    replyJson(res, 200, {
      result: list.slice(offset, offset + size),
      cursor: { currentPage: issue(path, size, offset), hasNext: offset + size < list.length, hasPrevious },
    });
  };

  const upgrade = async (req: IncomingMessage, res: ServerResponse) => {
    let body: unknown;
    try {
      body = JSON.parse((await requestBody(req)).toString('utf8') || '{}');
    } catch {
      return refuse(res, 400, 'E400-INVALID_BODY', 'the body is JSON');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return refuse(res, 400, 'E400-INVALID_BODY', 'the body is an object');
    const fields = body as Record<string, unknown>;
    const wrong = ['implementationID', 'fromAddressID', 'gasPrice', 'gasLimit'].find(
      (field) =>
        fields[field] !== undefined &&
        typeof fields[field] !== 'string' &&
        !(faults.upgradeAcceptsNumbers && typeof fields[field] === 'number'),
    );
    if (wrong) return refuse(res, 400, 'E400-INVALID_FIELD', `${wrong} is a string`);
    replyJson(res, 200, { result: { requestId: `upgrade-${contractInstanceId}` } });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const path = url.pathname.startsWith(mount) ? url.pathname.slice(mount.length) : '';
    const open =
      faults.bundlesWithoutAuth && path === '/api/rest/v1/requests/bundles' && req.headers.authorization === undefined;
    if (!open && req.headers.authorization !== `Bearer ${token}`)
      return refuse(res, 401, 'E401-UNAUTHORIZED', 'a valid bearer token is required');
    const list = items.get(path);
    if (req.method === 'GET' && list) return listing(res, path, list, url.searchParams);
    if (req.method === 'POST' && upgradePath.test(path)) return upgrade(req, res);
    refuse(res, 404, 'E404-NOT_FOUND', 'not served here');
  };

  const server = await startLocalServer((req, res) => void handle(req, res));
  return {
    token,
    section: (tokenVariable) => ({
      baseUrl: `http://127.0.0.1:${server.port}${mount}`,
      token: `\${${tokenVariable}}`,
      tagId,
      contractInstanceId,
      tokenBindsPageSize: true,
    }),
    close: server.close,
  };
}

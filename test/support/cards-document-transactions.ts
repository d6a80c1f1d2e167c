import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLocalServer } from './local-server.ts';

/*
 * GET /transactions of card on demand written from document 2, part B (rules 1 to 5 of GET /transactions:
 * newest first, dates together and inclusive, the default 31 days, paginationDetails with page numbers and
 * links), independently of the bundled reference: a second proof of the transactions page and link rules, each
 * page's links following from its own numbers. Only this operation is served; every other path is 404.
 */

export interface DocumentTransactions {
  baseUrl: string;
  token: string;
  historyAccountId: string;
  emptyAccountId: string;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
const dayMs = 86_400_000;
const maxPageSize = 500;
const maxPageCount = 500;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isCalendarDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) && isoDay(Date.parse(value)) === value;

/** Two cards of the history account, a transaction a day over 600 days (more than 18 months), newest first. */
function history(today: number): Json[] {
  return Array.from({ length: 600 }, (_, n) => {
    const day = isoDay(today - n * dayMs);
    const cardId = n % 2 === 0 ? 'card-doc-1' : 'card-doc-2';
    return {
      referenceNumber: `ref-${String(n).padStart(6, '0')}`,
      cardId,
      lastFive: cardId === 'card-doc-1' ? '10001' : '10002',
      transactionAmount: { value: `-${(n % 97) + 1}.25`, currency: 'USD' },
      authorizationDate: day,
      transactionDate: day,
      transactionType: 'CHARGE',
      merchant: { name: 'Document Store', country: 'US' },
    };
  });
}

export async function startDocumentTransactions(): Promise<DocumentTransactions> {
  const token = 'document-transactions-token';
  const today = Date.parse(`${isoDay(Date.now())}T00:00:00Z`);
  const accounts: Record<string, Json[]> = { 'acct-history': history(today), 'acct-empty': [] };
  const mount = '/cod/v1';

  const reply = (res: ServerResponse, status: number, body: Json) => {
    const payload = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) });
    res.end(payload);
  };
  const refuse = (res: ServerResponse, status: number, errorCode: string, description: string) => reply(res, status, { errorCode, errorDescription: description });

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    if (req.headers.authorization !== `Bearer ${token}`) return refuse(res, 401, 'UNAUTHORIZED', 'a valid bearer token is required');
    if (req.method !== 'GET' || url.pathname !== `${mount}/transactions`) return refuse(res, 404, 'NOT_FOUND', 'not served here');
    const q = url.searchParams;
    const positive = (name: string, fallback: number) => {
      const raw = q.get(name);
      if (raw === null) return fallback;
      const value = Number(raw);
      return raw.trim() !== '' && Number.isInteger(value) && value >= 1 ? value : Number.NaN;
    };
    const pageSize = positive('pageSize', maxPageSize);
    const pageNumber = positive('pageNumber', 1);
    if (Number.isNaN(pageSize) || pageSize > maxPageSize) return refuse(res, 400, 'INVALID_PAGE_SIZE', 'pageSize is a whole number from 1 to 500');
    if (Number.isNaN(pageNumber)) return refuse(res, 400, 'INVALID_PAGE_NUMBER', 'pageNumber is a whole number from 1');
    const start = q.get('startDate');
    const end = q.get('endDate');
    if ((start === null) !== (end === null)) return refuse(res, 400, 'INVALID_DATES', 'startDate and endDate are sent together');
    let from = isoDay(today - 30 * dayMs);
    let to = isoDay(today);
    if (start !== null && end !== null) {
      if (!isCalendarDay(start) || !isCalendarDay(end)) return refuse(res, 400, 'INVALID_DATES', 'dates are YYYY-MM-DD');
      const oldest = new Date(today);
      oldest.setUTCMonth(oldest.getUTCMonth() - 18);
      if (Date.parse(start) <= oldest.getTime() || Date.parse(end) <= oldest.getTime()) return refuse(res, 400, 'INVALID_DATES', 'dates are less than 18 months in the past');
      if (Date.parse(end) < Date.parse(start) || Date.parse(end) - Date.parse(start) > 31 * dayMs) return refuse(res, 400, 'INVALID_DATES', 'the dates are at most 31 days apart');
      [from, to] = [start, end];
    }
    const cardId = q.get('cardId');
    const accountId = q.get('accountId');
    const scope = accountId !== null ? accounts[accountId] : cardId !== null ? accounts['acct-history']?.filter((item) => item.cardId === cardId) : undefined;
    if (!scope || (cardId !== null && scope.length === 0 && accountId === null)) return refuse(res, 404, 'NOT_FOUND', 'no such card or account');
    const inWindow = scope.filter((item) => (cardId === null || item.cardId === cardId) && (item.transactionDate as string) >= from && (item.transactionDate as string) <= to);
    const pageCount = Math.min(Math.ceil(inWindow.length / pageSize), maxPageCount);
    const link = (page: number) => {
      const target = new URL(url);
      target.searchParams.set('pageNumber', String(page));
      target.searchParams.set('pageSize', String(pageSize));
      return target.href;
    };
    const links = {
      first: link(1),
      last: link(Math.max(pageCount, 1)),
      ...(pageNumber < pageCount ? { next: link(pageNumber + 1) } : {}),
      ...(pageNumber > 1 && pageNumber <= Math.max(pageCount, 1) ? { previous: link(pageNumber - 1) } : {}),
    };
    reply(res, 200, {
      paginationDetails: { page: { pageSize, pageNumber, pageCount, totalCount: inWindow.length }, links },
      transactions: inWindow.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
    });
  };

  const server = await startLocalServer(handle);
  return {
    baseUrl: `http://127.0.0.1:${server.port}${mount}`,
    token,
    historyAccountId: 'acct-history',
    emptyAccountId: 'acct-empty',
    close: server.close,
  };
}

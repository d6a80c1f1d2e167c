import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { familyByName } from '../../families/index.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { startStandardHolder, type StandardHolderOptions } from '../independent/cdr/standard-holder.ts';
import { startLocalServer } from './local-server.ts';
import { listenLocally, rewritingProxy } from './rewriting-proxy.ts';

/*
 * Hostile targets of the families that walk (issue 30): each an otherwise ordinary implementation with one
 * hostile mode in its pages, and a count of the pages it served, so a test can say the walks stayed bounded.
 */

/** A running hostile target: its family section, how many list pages it served, how to stop it. */
export interface HostileWalker {
  section: Record<string, unknown>;
  served(): number;
  close(): Promise<void>;
}

/** A listed product of a hostile cdr holder (valid, so only the hostile mode is at fault). */
export const product = (id: string) => ({
  productId: id,
  lastUpdated: '2026-01-01T00:00:00Z',
  productCategory: 'PERS_LOANS',
  name: id,
  description: id,
  brand: 'Hostile',
  isTailored: false,
});
/** A cdr list page body: the products, the links, totals as claimed. */
export const cdrPage = (products: unknown[], links: Record<string, string>, totalPages: number) =>
  JSON.stringify({ data: { products }, links, meta: { totalRecords: totalPages, totalPages } });

/**
 * An endless list: `perPage` new products a page (descriptions of `description` characters), next always to a new
 * page, a million pages claimed.
 */
const endlessList = (count: () => void, perPage = 1, description = 0): Pick<StandardHolderOptions, 'listBody'> => ({
  listBody: (number, url) => {
    count();
    const products = Array.from({ length: perPage }, (_, index) => ({
      ...product(`endless-${number}-${index}`),
      ...(description ? { description: 'd'.repeat(description) } : {}),
    }));
    return cdrPage(products, { self: url(number), next: url(number + 1), last: url(1e6) }, 1e6);
  },
});

export const cdrModes = {
  /** Page 3's next goes back to page 2, every link under a fresh URL (a visit counter), so no link repeats. */
  'a loop through fresh URLs': (count: () => void): StandardHolderOptions => {
    let visit = 0;
    return {
      products: 40,
      links: (number, totalPages, url) => {
        count();
        const fresh = (target: number) => {
          const link = new URL(url(target));
          link.searchParams.set('visit', String(++visit));
          return link.href;
        };
        return {
          self: url(number),
          ...(number > 1 ? { first: fresh(1), prev: fresh(number - 1) } : {}),
          next: fresh(number >= 3 ? 2 : number + 1),
          last: fresh(Math.max(totalPages, 3)),
        };
      },
    };
  },
  /** next always to a new page of new products, a million pages claimed. */
  'a next that never ends, a million pages claimed': (count: () => void): StandardHolderOptions => endlessList(count),
  /** The endless list with 50 products of 64 KB descriptions a page: 3.2 MB pages, under the body cap. */
  'endless pages of 50 products of 64 KB': (count: () => void): StandardHolderOptions =>
    endlessList(count, 50, 64 * 1024),
  /** The same endless list, each page after the first answering after 1.5 s (inside the client's timeout). */
  'pages that each take 1.5 s': (count: () => void): StandardHolderOptions => ({
    ...endlessList(count),
    listDelayMs: (page) => (page >= 2 ? 1500 : 0),
  }),
} as const;

/** A cdr holder in one hostile mode; `bounds` are the walk bounds its target entry sets. */
export async function hostileCdr(mode: keyof typeof cdrModes, bounds: Record<string, number>): Promise<HostileWalker> {
  let served = 0;
  const holder = await startStandardHolder({ status: false, ...cdrModes[mode](() => void served++) });
  return {
    section: { baseUrl: holder.baseUrl, versions: { list: [3], detail: [4], status: [] }, ...bounds },
    served: () => served,
    close: () => holder.close(),
  };
}

/**
 * A correct cdr holder (the standard's) behind a proxy that answers every request `delayMs` late, its links
 * rewritten to the proxy: a target slower than the run's deadline allows, and at fault in nothing else.
 */
export async function slowCdrHolder(delayMs: number): Promise<HostileWalker> {
  let served = 0;
  const holder = await startStandardHolder({ status: false });
  const upstream = new URL(holder.baseUrl).origin;
  const proxy = await listenLocally((req, res) => {
    served++;
    setTimeout(async () => {
      try {
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter(([name]) => !['host', 'connection'].includes(name)),
        ) as Record<string, string>;
        const answer = await fetch(`${upstream}${req.url}`, { headers });
        const body = (await answer.text()).split(upstream).join(proxy.origin);
        const kept: Record<string, string> = {};
        answer.headers.forEach((value, name) => {
          if (!['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(name)) kept[name] = value;
        });
        if (!res.destroyed) res.writeHead(answer.status, kept).end(body);
      } catch {
        if (!res.destroyed) res.writeHead(502).end();
      }
    }, delayMs);
  });
  return {
    section: {
      baseUrl: holder.baseUrl.replace(upstream, proxy.origin),
      versions: { list: [3], detail: [4], status: [] },
    },
    served: () => served,
    close: async () => {
      await proxy.close();
      await holder.close();
    },
  };
}

type PageRequest = 'FIRST' | 'LAST' | 'NEXT' | 'PREVIOUS';
/** A custody page: its items and flags, from the request and the page's number in the target's life. */
type CustodyPage = (request: PageRequest, size: number, count: number) => { body: unknown; gzip?: boolean };

const items = (size: number, count: number) =>
  Array.from({ length: size }, (_, index) => ({ id: `i${count}-${index}` }));
const cursor = (hasNext: boolean, hasPrevious: boolean, currentPage: string = randomUUID()) => ({
  currentPage,
  hasNext,
  hasPrevious,
});

export const custodyModes: Record<string, CustodyPage> = {
  /** FIRST and LAST hold items; every NEXT and PREVIOUS page is empty, with a new token, and says there is more. */
  'every next page empty while hasNext stays true': (request, size, count) => ({
    body:
      request === 'FIRST' || request === 'LAST'
        ? { result: items(size, count), cursor: cursor(request === 'FIRST', request === 'LAST') }
        : { result: [], cursor: cursor(true, true) },
  }),
  /** hasNext and hasPrevious always true, a new token and new items on every page. */
  'hasNext always true, a new token each time': (_request, size, count) => ({
    body: { result: items(size, count), cursor: cursor(true, true) },
  }),
  /**
   * One 10 MB token, gzip-encoded (about 10 KB on the wire). The same page for a page size each time (made once, so
   * encoded once: making and encoding 10 MB for each of some 240 requests cost the test seconds of CPU); a client
   * that refuses to decode it sees nothing else of the page anyway.
   */
  'a 10 MB token, gzip-encoded': madeOncePerSize((size) => ({
    body: { result: items(size, 0), cursor: cursor(true, true, 'A'.repeat(10 * 1024 * 1024)) },
    gzip: true,
  })),
};

/** A page made once for each page size, and the same object served after (encoded once: hostileCustody). */
function madeOncePerSize(page: (size: number) => ReturnType<CustodyPage>): CustodyPage {
  const made = new Map<number, ReturnType<CustodyPage>>();
  return (_request, size) => {
    const known = made.get(size) ?? page(size);
    made.set(size, known);
    return known;
  };
}

/** A custody platform in one hostile mode: bearer auth and the upgrade as documented, its pages from the mode. */
export async function hostileCustody(
  mode: keyof typeof custodyModes,
  token: string,
  tokenVariable: string,
  bounds: Record<string, number>,
): Promise<HostileWalker> {
  let served = 0;
  const page = custodyModes[mode] as CustodyPage;
  const send = (res: ServerResponse, status: number, body: string | Buffer, gzip: boolean) =>
    res
      .writeHead(status, { 'content-type': 'application/json', ...(gzip ? { 'content-encoding': 'gzip' } : {}) })
      .end(body);
  const json = (res: ServerResponse, status: number, value: unknown) => send(res, status, JSON.stringify(value), false);
  // A page the mode serves again (the same object) is sent as encoded the first time.
  const encodedPages = new WeakMap<ReturnType<CustodyPage>, string | Buffer>();
  const encodedPage = (made: ReturnType<CustodyPage>): string | Buffer => {
    const known = encodedPages.get(made);
    if (known !== undefined) return known;
    const text = JSON.stringify(made.body);
    const encoded = made.gzip ? gzipSync(text) : text;
    encodedPages.set(made, encoded);
    return encoded;
  };
  const server = await startLocalServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${token}`) return json(res, 401, { code: 'E401', message: 'no' });
    if (req.method === 'POST') return json(res, 200, { result: {} });
    const query = new URL(req.url ?? '/', 'http://hostile.invalid').searchParams;
    const request = (query.get('cursor.pageRequest') ?? 'FIRST') as PageRequest;
    if ((request === 'NEXT' || request === 'PREVIOUS') && !query.get('cursor.currentPage'))
      return json(res, 400, { code: 'E400', message: 'no token' });
    const size = Number(query.get('cursor.pageSize') ?? 20);
    if (!Number.isInteger(size) || size < 1) return json(res, 400, { code: 'E400', message: 'page size' });
    const made = page(request, size, served++);
    send(res, 200, encodedPage(made), made.gzip ?? false);
  });
  return {
    section: {
      baseUrl: `http://127.0.0.1:${server.port}`,
      token: `\${${tokenVariable}}`,
      tagId: 't',
      contractInstanceId: 'c',
      ...bounds,
    },
    served: () => served,
    close: () => server.close(),
  };
}

/** What a proxy makes of a transactions page of the cards reference (its paginationDetails and transactions). */
type TransactionsRewrite = (page: {
  transactions?: Record<string, unknown>[];
  paginationDetails?: { page?: Record<string, number>; links?: Record<string, string> };
}) => void;

/** The bundled cards reference behind a proxy that rewrites every transactions page it serves (counted). */
async function cardsWithTransactions(
  token: string,
  tokenVariable: string,
  rewrite: TransactionsRewrite,
): Promise<HostileWalker> {
  const module = familyByName('cards');
  if (!module) throw new Error('cards is not registered');
  const reference = await startReferenceServer({ env: { REFERENCE_CARDS_TOKEN: token }, serve: [module] });
  let served = 0;
  const proxy = await rewritingProxy(reference.origin, {
    rewrite: (path, body) => {
      if (!path.endsWith('/transactions') || typeof body !== 'object' || body === null) return body;
      served++;
      rewrite(body as Parameters<TransactionsRewrite>[0]);
      return body;
    },
  });
  return {
    section: module.reference.targetSection(`${proxy.origin}/cards/v1`, 'wallet-provisioning', {
      REFERENCE_CARDS_TOKEN: `\${${tokenVariable}}`,
    }) as Record<string, unknown>,
    served: () => served,
    close: async () => {
      await proxy.close();
      await reference.close();
    },
  };
}

/**
 * The cards reference whose transactions pages claim one page more than they are (pageCount = pageNumber + 1) and
 * always link to it: the page count grows as the walk goes.
 */
export function cardsWithGrowingPageCount(token: string, tokenVariable: string): Promise<HostileWalker> {
  return cardsWithTransactions(token, tokenVariable, (page) => {
    const details = page.paginationDetails;
    const first = details?.links?.first;
    if (!details?.page || !details.links || first === undefined) return;
    const next = (details.page.pageNumber ?? 1) + 1;
    details.page.pageCount = next;
    details.links.next = first.replace(/pageNumber=\d+/, `pageNumber=${next}`);
    details.links.last = details.links.next;
  });
}

/** The cards reference whose every transactions page holds 500 transactions of 20 KB each (10 MB a page). */
export function cardsWithHugeTransactionsPages(token: string, tokenVariable: string): Promise<HostileWalker> {
  const description = 'x'.repeat(20 * 1024);
  return cardsWithTransactions(token, tokenVariable, (page) => {
    // Transactions pages only: an error body stays as the reference made it.
    if (!Array.isArray(page.transactions)) return;
    const [model] = page.transactions;
    page.transactions = Array.from({ length: 500 }, (_, index) => ({
      ...(model ?? {}),
      referenceNumber: `huge-${index}`,
      description,
    }));
  });
}

import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A small open-banking data holder written from the published Consumer Data Standards (Get Products x-v 3,
 * Get Product Detail x-v 4, optionally Get Status x-v 1), independently of the bundled reference: the second
 * proof of the cdr rules (a correct implementation nobody here wrote passes them). `fault` puts one
 * genuine fault into it.
 */

export interface StandardHolderOptions {
  /** Serve Get Status (x-v 1). Default true. */
  status?: boolean;
  /**
   * How links name pages: 'page' (the standard's page parameter, the default) or 'cursor': an opaque token in
   * place of page, written afresh on every answer (Pagination, Cursor Support: links "may, instead, include
   * other query parameters that support another pagination pattern"). Either way only the mandatory links are
   * given: no first on page 1, no last on the last page.
   */
  paging?: 'page' | 'cursor';
  /** One fault: 'tailored-as-text' writes isTailored as the text "false" in every record. */
  fault?: 'tailored-as-text';
  /**
   * Faults met together on a real data holder: 'next-without-question-mark' builds links.next as origin +
   * "page=N" + path + query (no "?": not a URL); 'filters-ignored' ignores brand, product-category and effective;
   * 'updated-since-z-millis-only' refuses valid date-times with an offset or without milliseconds;
   * 'updated-since-ignored' filters nothing by the updated-since it accepts (a date years ahead answers every product);
   * 'effective-to-as-from' lists a product's effectiveTo as its effectiveFrom (its detail is right).
   */
  faults?: readonly StandardHolderFault[];
  /** How many products the holder has. Default 23 (one page at the default page size). */
  products?: number;
  /** Every list page (a hostile holder): replaces the links of the page it would give. */
  links?: (page: number, totalPages: number, url: (page: number) => string) => Record<string, string>;
  /**
   * Every list page (a hostile holder): replaces the whole body of a list answer; its page number is read from the
   * query.
   */
  listBody?: (page: number, url: (page: number) => string) => string | Buffer;
  /** A slow holder: how long the list page `page` waits before it answers (ms), whatever answers it. Default 0. */
  listDelayMs?: (page: number) => number;
}

export type StandardHolderFault =
  | 'next-without-question-mark'
  | 'filters-ignored'
  | 'updated-since-z-millis-only'
  | 'updated-since-ignored'
  | 'effective-to-as-from';

export interface StandardHolder {
  baseUrl: string;
  /** Its cdr section of a target entry: the base URL, the versions it serves, its answer past the last page. */
  section: {
    baseUrl: string;
    versions: { list: number[]; detail: number[]; status: number[] };
    pastLastPageStatus: 422;
  };
  close(): Promise<void>;
}

const day = 86_400_000;
const errorUrn = (name: string) => `urn:au-cds:error:cds-all:${name}`;
const categories = [
  'TRANS_AND_SAVINGS_ACCOUNTS',
  'TERM_DEPOSITS',
  'CRED_AND_CHRG_CARDS',
  'PERS_LOANS',
  'RESIDENTIAL_MORTGAGES',
];

/** DateTimeString of the standard: RFC 3339 with a zone, a real day and time. */
function isDateTimeString(value: string): boolean {
  const parts = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-](\d{2}):(\d{2}))$/i.exec(value);
  if (!parts) return false;
  const [year, month, dayOfMonth, hours, minutes, seconds] = parts.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const zoneOk = parts[9] === undefined || (Number(parts[9]) < 24 && Number(parts[10]) < 60);
  return (
    month >= 1 &&
    month <= 12 &&
    dayOfMonth >= 1 &&
    new Date(Date.UTC(year, month - 1, dayOfMonth)).getUTCDate() === dayOfMonth &&
    hours < 24 &&
    minutes < 60 &&
    seconds < 60 &&
    zoneOk
  );
}

/** Twenty-three products: some always current, some retired, some in the future; two brands. */
function products(now: number, fault: StandardHolderOptions['fault'], count: number) {
  return Array.from({ length: count }, (_, n) => {
    const window =
      n % 5 === 3
        ? {
            effectiveFrom: new Date(now - 400 * day).toISOString(),
            effectiveTo: new Date(now - 40 * day).toISOString(),
          }
        : n % 5 === 4
          ? { effectiveFrom: new Date(now + (30 + n) * day).toISOString() }
          : {};
    const category = categories[n % categories.length] as string;
    return {
      productId: `std-${n + 10}`,
      ...window,
      lastUpdated: new Date(Math.floor((now - (n + 1) * 3 * day) / 1000) * 1000).toISOString(),
      productCategory: category,
      name: `Standard product ${n}`,
      description: 'A product of the standard-built holder',
      brand: n % 2 === 0 ? 'Ironbark' : 'Wattle',
      isTailored: fault === 'tailored-as-text' ? 'false' : false,
      ...(category === 'CRED_AND_CHRG_CARDS'
        ? { cardArt: [{ title: 'Card', imageUri: 'https://holder.example/card.gif' }] }
        : {}),
    };
  });
}

/** The detail-only lists of BankingProductDetailV4. */
const detailOf = (product: Record<string, unknown>) => ({
  ...product,
  features: [{ featureType: 'CARD_ACCESS' }, { featureType: 'OTHER', additionalInfo: 'A feature of its own' }],
  constraints: [{ constraintType: 'MIN_BALANCE', additionalValue: '100.00' }],
  fees: [
    {
      name: 'Account fee',
      feeType: 'PERIODIC',
      amount: '4.00',
      additionalValue: 'P1M',
      discounts: [
        { description: 'Balance discount', discountType: 'BALANCE', amount: '4.00', additionalValue: '2000.00' },
      ],
    },
  ],
  depositRates:
    product.productCategory === 'TERM_DEPOSITS'
      ? [
          {
            depositRateType: 'FIXED',
            rate: '0.041',
            additionalValue: 'P12M',
            tiers: [{ name: 'Any', unitOfMeasure: 'DOLLAR', minimumValue: 0 }],
          },
        ]
      : undefined,
});

export async function startStandardHolder(options: StandardHolderOptions = {}): Promise<StandardHolder> {
  const now = Date.now();
  const catalogue = products(now, options.fault, options.products ?? 23);
  const faulty = (fault: StandardHolderFault) => options.faults?.includes(fault) === true;
  const versions = { list: [3], detail: [4], status: options.status === false ? [] : [1] };
  const served: Record<string, number[]> = {
    '/v1/banking/products': versions.list,
    detail: versions.detail,
    '/v1/discovery/status': versions.status,
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const interaction = String(req.headers['x-fapi-interaction-id'] ?? randomUUID());
    const reply = (status: number, body: unknown, version?: number) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'x-fapi-interaction-id': interaction,
        ...(version ? { 'x-v': String(version) } : {}),
      });
      res.end(JSON.stringify(body));
    };
    const refuse = (status: number, code: string, title: string, detail: string) =>
      reply(status, { errors: [{ code: errorUrn(code), title, detail }] });
    const path = url.pathname.replace(/^\/cdr/, '');
    const productMatch = /^\/v1\/banking\/products\/([^/]+)$/.exec(path);
    const versions = productMatch ? served.detail : served[path];
    if (!versions || versions.length === 0) return refuse(404, 'Resource/NotFound', 'Resource Not Found', path);
    const xv = req.headers['x-v'];
    if (xv === undefined) return refuse(400, 'Header/Missing', 'Missing Required Header', 'x-v');
    const positive = (value: unknown) => typeof value === 'string' && /^[1-9][0-9]*$/.test(value);
    if (!positive(xv)) return refuse(400, 'Header/InvalidVersion', 'Invalid Version', 'x-v');
    const xminv = req.headers['x-min-v'];
    if (xminv !== undefined && !positive(xminv))
      return refuse(400, 'Header/InvalidVersion', 'Invalid Version', 'x-min-v');
    // x-min-v at or above x-v is treated as absent (HTTP Headers of the standard).
    const low = xminv !== undefined && Number(xminv) < Number(xv) ? Number(xminv) : Number(xv);
    const version = Math.max(...versions.filter((candidate) => candidate >= low && candidate <= Number(xv)), -1);
    if (version < 0)
      return refuse(406, 'Header/UnsupportedVersion', 'Unsupported Version', `served: ${versions.join(', ')}`);

    if (path === '/v1/discovery/status')
      return reply(
        200,
        { data: { status: 'OK', updateTime: new Date(now).toISOString() }, links: { self: url.href } },
        version,
      );
    if (productMatch) {
      const product = catalogue.find(
        (candidate) => candidate.productId === decodeURIComponent(productMatch[1] as string),
      );
      if (!product) return refuse(404, 'Resource/NotFound', 'Resource Not Found', 'productId');
      return reply(
        200,
        { data: JSON.parse(JSON.stringify(detailOf(product))), links: { self: url.href }, meta: {} },
        version,
      );
    }
    const q = url.searchParams;
    const link = (target: number) => {
      const next = new URL(url);
      if (options.paging !== 'cursor') next.searchParams.set('page', String(target));
      else {
        next.searchParams.delete('page');
        next.searchParams.set(
          'cursor',
          Buffer.from(JSON.stringify({ at: target, salt: randomUUID().slice(0, 8) })).toString('base64url'),
        );
      }
      return next.href;
    };
    const cursor = q.get('cursor');
    if (options.listBody) {
      const number = Number(q.get('page') ?? '1');
      const body = options.listBody(number, link);
      const answer = () => {
        if (res.destroyed) return;
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'x-fapi-interaction-id': interaction,
          'x-v': String(version),
        });
        res.end(body);
      };
      const delay = options.listDelayMs?.(number) ?? 0;
      return void (delay > 0 ? setTimeout(answer, delay) : answer());
    }
    const effective = q.get('effective') ?? 'CURRENT';
    if (!['CURRENT', 'FUTURE', 'ALL'].includes(effective))
      return refuse(400, 'Field/Invalid', 'Invalid Field', 'effective');
    const category = q.get('product-category');
    if (
      category !== null &&
      ![
        'BUSINESS_LOANS',
        'CRED_AND_CHRG_CARDS',
        'LEASES',
        'MARGIN_LOANS',
        'OVERDRAFTS',
        'PERS_LOANS',
        'REGULATED_TRUST_ACCOUNTS',
        'RESIDENTIAL_MORTGAGES',
        'TERM_DEPOSITS',
        'TRADE_FINANCE',
        'TRANS_AND_SAVINGS_ACCOUNTS',
        'TRAVEL_CARDS',
      ].includes(category)
    )
      return refuse(400, 'Field/Invalid', 'Invalid Field', 'product-category');
    const since = q.get('updated-since');
    if (since !== null && faulty('updated-since-z-millis-only') && !/\.\d{3}Z$/.test(since))
      return refuse(400, 'Field/InvalidDateTime', 'Invalid Date', 'updated-since');
    if (since !== null && !isDateTimeString(since))
      return refuse(400, 'Field/InvalidDateTime', 'Invalid Date', 'updated-since');
    let page = q.get('page') ?? '1';
    if (cursor !== null) {
      try {
        page = String((JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { at?: unknown }).at);
      } catch {
        return refuse(400, 'Field/Invalid', 'Invalid Field', 'cursor');
      }
    }
    const size = q.get('page-size') ?? '25';
    if (!positive(page)) return refuse(400, 'Field/Invalid', 'Invalid Field', 'page');
    if (!positive(size)) return refuse(400, 'Field/Invalid', 'Invalid Field', 'page-size');
    if (Number(size) > 1000) return refuse(400, 'Field/InvalidPageSize', 'Invalid Page Size', 'page-size');
    const at = Date.now();
    const after = faulty('updated-since-ignored') ? null : since;
    const matching = catalogue.filter((product) => {
      const from = product.effectiveFrom ? Date.parse(product.effectiveFrom) : -Infinity;
      const to = product.effectiveTo ? Date.parse(product.effectiveTo) : Infinity;
      const window = effective === 'ALL' || (effective === 'FUTURE' ? from > at : from <= at && to > at);
      if (faulty('filters-ignored')) return after === null || Date.parse(product.lastUpdated) > Date.parse(after);
      return (
        window &&
        (after === null || Date.parse(product.lastUpdated) > Date.parse(after)) &&
        (q.get('brand') === null || product.brand === q.get('brand')) &&
        (category === null || product.productCategory === category)
      );
    });
    const pageSize = Number(size);
    const totalPages = Math.ceil(matching.length / pageSize);
    const number = Number(page);
    if (number > Math.max(totalPages, 1)) return refuse(422, 'Field/InvalidPage', 'Invalid Page', String(totalPages));

    const links = options.links
      ? options.links(number, totalPages, link)
      : {
          self: link(number),
          ...(number > 1 ? { first: link(1), prev: link(number - 1) } : {}),
          ...(number < totalPages
            ? {
                next: faulty('next-without-question-mark')
                  ? `${url.origin}page=${number + 1}${url.pathname}${url.search}`
                  : link(number + 1),
                last: link(totalPages),
              }
            : {}),
        };
    const listed = matching
      .slice((number - 1) * pageSize, number * pageSize)
      .map((product) =>
        faulty('effective-to-as-from') && product.effectiveTo
          ? { ...product, effectiveFrom: product.effectiveTo }
          : product,
      );
    reply(200, { data: { products: listed }, links, meta: { totalRecords: matching.length, totalPages } }, version);
  };

  // A slow list (listDelayMs without listBody): every answer of the list path waits, the detail and the status do not.
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://holder');
    const delay =
      options.listBody || url.pathname.replace(/^\/cdr/, '') !== '/v1/banking/products'
        ? 0
        : (options.listDelayMs?.(Number(url.searchParams.get('page') ?? '1')) ?? 0);
    if (delay > 0) setTimeout(() => res.destroyed || handle(req, res), delay);
    else handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}/cdr`;
  return {
    baseUrl,
    // A page past the last is refused with 422 (Field/InvalidPage), as the standard's error table lists.
    section: { baseUrl, versions, pastLastPageStatus: 422 },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Blind implementation of spec document 3, part C: the custody platform's cursor pagination
 * and its EVM proxy upgrade operation (the document summarises Taurus-PROTECT, release line 3.50).
 *
 * Only `node:` built-ins are used. Every open choice is recorded in CHOICES.md next to this file.
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BlindService {
  /** The base address the document's paths are relative to, on 127.0.0.1 and a port chosen by the OS (listen on port 0). */
  baseUrl: string;
  /** The `families.custody` section of a targets.json entry for this service, as docs/targets-reference.md documents it.
   *  Secrets appear as `${BLIND_CUSTODY_...}` placeholders; their values are in `env`. */
  section: Record<string, unknown>;
  /** Values of the placeholders in `section`. */
  env: Record<string, string>;
  /** Stops the server and every timer it started. */
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Settings (all open in the document; see CHOICES.md)
// ---------------------------------------------------------------------------------------------

const BASE_PATH = '/custody';
const RELEASE_LINE = '3.50';
/** Page size used when cursor.pageSize is absent or 0 (proto3 zero value = unset). */
const DEFAULT_PAGE_SIZE = 25;
/** "The handling service should impose a hard limit on this" (product's RequestCursor.pageSize). */
const MAX_PAGE_SIZE = 250;
/** Cursor tokens older than this are no longer accepted. */
const TOKEN_TTL_SECONDS = 24 * 60 * 60;
/** Longest cursor.currentPage we even try to decode; ours are about 90 characters. */
const MAX_TOKEN_LENGTH = 256;
const MAX_BODY_BYTES = 16 * 1024;
const MAX_STRING_FIELD_LENGTH = 512;
const MAX_UPGRADE_HISTORY = 50;
const MAX_URL_LENGTH = 4096;
const TOKEN_PREFIX = 'pg1';

const UINT64_MAX = 18446744073709551615n;
const SEED_EPOCH_MS = Date.UTC(2026, 10, 30, 0, 0, 0);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

// ---------------------------------------------------------------------------------------------
// Errors: the document shows only E900-INVALID_CURSOR_DATA; the body follows the product's
// error record {code, error, message, errorCode} ("Other error codes and the error body shape: not shown").
// ---------------------------------------------------------------------------------------------

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
};

const invalidCursor = (why: string): HttpError =>
  // "E900-INVALID_CURSOR_DATA is returned when cursor.currentPage was not produced by the server."
  new HttpError(400, 'E900-INVALID_CURSOR_DATA', `cursor.currentPage was not produced by the server: ${why}`);

const badParameter = (message: string): HttpError => new HttpError(400, 'E400-INVALID_PARAMETER', message);

// ---------------------------------------------------------------------------------------------
// Deterministic seed data
// ---------------------------------------------------------------------------------------------

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex = (text: string, length: number): string => createHash('sha256').update(text).digest('hex').slice(0, length);

const isoAt = (hoursBeforeEpoch: number): string =>
  new Date(SEED_EPOCH_MS - hoursBeforeEpoch * 3_600_000).toISOString();

/** Integer amount in the smallest unit, as a decimal string (the product's balances are strings). */
const amount = (rnd: () => number, digits: number): string => {
  let out = String(1 + Math.floor(rnd() * 9));
  for (let i = 1; i < digits; i++) out += String(Math.floor(rnd() * 10));
  return out;
};

const fiat = (rnd: () => number, max: number): string => (rnd() * max).toFixed(2);

interface Currency extends JsonObject {
  id: string;
  symbol: string;
  name: string;
  displayName: string;
  blockchain: string;
  network: string;
  decimals: string;
  isToken: boolean;
  isERC20: boolean;
  isNFT: boolean;
  isFiat: boolean;
  isUTXOBased: boolean;
  isAccountBased: boolean;
  enabled: boolean;
  type: string;
  contractAddress: string;
}

function buildCurrencies(): Currency[] {
  const natives: [string, string, string, number, boolean][] = [
    ['BTC', 'Bitcoin', 'BTC', 8, true],
    ['ETH', 'Ethereum', 'ETH', 18, false],
    ['XTZ', 'Tezos', 'XTZ', 6, false],
    ['SOL', 'Solana', 'SOL', 9, false],
    ['ADA', 'Cardano', 'ADA', 6, true],
    ['DOT', 'Polkadot', 'DOT', 10, false],
    ['ATOM', 'Cosmos', 'ATOM', 6, false],
    ['AVAX', 'Avalanche', 'AVAX', 18, false],
    ['ALGO', 'Algorand', 'ALGO', 6, false],
    ['XLM', 'Stellar', 'XLM', 7, false],
    ['HBAR', 'Hedera', 'HBAR', 8, false],
    ['LTC', 'Litecoin', 'LTC', 8, true],
  ];
  const list: Currency[] = natives.map(([symbol, name, chain, decimals, utxo]) => ({
    id: hex(`currency:${symbol}`, 16),
    symbol,
    name,
    displayName: name,
    blockchain: chain,
    network: 'mainnet',
    decimals: String(decimals),
    isToken: false,
    isERC20: false,
    isNFT: false,
    isFiat: false,
    isUTXOBased: utxo,
    isAccountBased: !utxo,
    enabled: true,
    type: 'native',
    contractAddress: '',
  }));
  for (let i = 1; i <= 100; i++) {
    const symbol = `TK${String(i).padStart(3, '0')}`;
    list.push({
      id: hex(`currency:${symbol}`, 16),
      symbol,
      name: `Token ${symbol}`,
      displayName: `Token ${symbol}`,
      blockchain: 'ETH',
      network: 'mainnet',
      decimals: String(i % 3 === 0 ? 6 : 18),
      isToken: true,
      isERC20: true,
      isNFT: false,
      isFiat: false,
      isUTXOBased: false,
      isAccountBased: true,
      enabled: true,
      type: 'token',
      contractAddress: `0x${hex(`erc20:${symbol}`, 40)}`,
    });
  }
  return list;
}

function nftCollections(count: number): Currency[] {
  const out: Currency[] = [];
  for (let i = 1; i <= count; i++) {
    const symbol = `NFC${String(i).padStart(2, '0')}`;
    out.push({
      id: hex(`nft:${symbol}`, 16),
      symbol,
      name: `Collection ${i}`,
      displayName: `Collection ${i}`,
      blockchain: i % 4 === 0 ? 'XTZ' : 'ETH',
      network: 'mainnet',
      decimals: '0',
      isToken: true,
      isERC20: false,
      isNFT: true,
      isFiat: false,
      isUTXOBased: false,
      isAccountBased: true,
      enabled: true,
      type: 'token',
      contractAddress: `0x${hex(`erc721:${symbol}`, 40)}`,
    });
  }
  return out;
}

const balanceRecord = (rnd: () => number, digits: number): JsonObject => {
  const confirmed = amount(rnd, digits);
  const reserved = '0';
  return {
    totalConfirmed: confirmed,
    totalUnconfirmed: confirmed,
    availableConfirmed: confirmed,
    availableUnconfirmed: confirmed,
    reservedConfirmed: reserved,
    reservedUnconfirmed: reserved,
  };
};

/** Records are served newest first: by `date` descending, then by `key` descending (CHOICES.md). */
interface Seeded {
  date: string;
  key: string;
  body: JsonObject;
}

const orderNewestFirst = (rows: Seeded[]): JsonObject[] =>
  rows.sort((a, b) => (a.date === b.date ? (a.key < b.key ? 1 : -1) : a.date < b.date ? 1 : -1)).map((row) => row.body);

interface ContractInstance {
  id: string;
  blockchain: string;
  network: string;
  proxyAddress: string;
  ownerAddressID: string;
  implementations: string[];
  currentImplementationID: string;
  upgrades: JsonObject[];
  upgradeCount: number;
}

interface Dataset {
  tags: JsonObject[];
  tagAssets: Map<string, JsonObject[]>;
  history: JsonObject[];
  historyExport: JsonObject[];
  balances: JsonObject[];
  nftBalances: JsonObject[];
  requests: JsonObject[];
  requestsForApproval: JsonObject[];
  bundles: JsonObject[];
  contracts: Map<string, ContractInstance>;
  mainTagId: string;
  mainContractId: string;
}

const TAG_COLORS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2'];
const REQUEST_STATUSES = ['CREATED', 'APPROVED', 'SIGNED', 'BROADCASTED', 'CONFIRMED', 'REJECTED'];
const REQUEST_TYPES = ['payment', 'function_call', 'contract_call', 'xtz_stake', 'sol_token_burn'];
const BUNDLE_STATUSES = ['CREATED', 'SIGNING', 'BROADCASTED', 'CONFIRMED'];

function buildDataset(): Dataset {
  const rnd = mulberry32(0x7a3b_2026);
  const currencies = buildCurrencies();
  const currencyAt = (i: number): Currency => {
    const c = currencies[i % currencies.length];
    if (c === undefined) throw new Error('empty currency catalogue');
    return c;
  };

  // Tags (47) and their asset breakdowns. Tag 1042 is the one named in the section (63 assets);
  // others have between 0 and 24 assets, so some breakdowns are empty or fit on one page.
  const tagRows: Seeded[] = [];
  const tagAssets = new Map<string, JsonObject[]>();
  const mainTagId = '1042';
  for (let i = 0; i < 47; i++) {
    const tagID = String(1020 + i);
    const created = isoAt(5000 - i * 97);
    const assetCount = tagID === mainTagId ? 63 : (i * 7) % 25;
    const assets: Seeded[] = [];
    let valuation = 0;
    for (let j = 0; j < assetCount; j++) {
      const currency = currencyAt(i * 3 + j);
      const value = rnd() * 250_000;
      valuation += value;
      assets.push({
        date: isoAt(4000 - i * 50 - j * 11),
        key: currency.id,
        body: {
          tagID,
          currencyID: currency.id,
          totalBalance: amount(rnd, 12 + (j % 9)),
          totalBalanceValuation: value.toFixed(2),
          creationDate: isoAt(4000 - i * 50 - j * 11),
          currencyInfo: currency,
        },
      });
    }
    tagAssets.set(tagID, orderNewestFirst(assets));
    tagRows.push({
      date: created,
      key: tagID.padStart(8, '0'),
      body: {
        tagID,
        totalValuation: valuation.toFixed(2),
        tag: {
          id: tagID,
          value: `desk-${String(i + 1).padStart(2, '0')}`,
          creationDate: created,
          color: TAG_COLORS[i % 7] ?? '#000000',
        },
      },
    });
  }

  // Portfolio statistics history: 120 points, one every 6 hours.
  const historyRows: Seeded[] = [];
  const exportRows: Seeded[] = [];
  for (let i = 0; i < 120; i++) {
    const pointDate = isoAt(i * 6);
    const addresses = 800 + ((i * 37) % 400);
    const wallets = 40 + (i % 17);
    const total = amount(rnd, 20);
    const base = fiat(rnd, 90_000_000);
    historyRows.push({
      date: pointDate,
      key: String(i).padStart(6, '0'),
      body: {
        pointDate,
        statsData: {
          avgBalancePerAddress: (BigInt(total) / BigInt(addresses)).toString(),
          addressesCount: String(addresses),
          walletsCount: String(wallets),
          totalBalance: total,
          totalBalanceBaseCurrency: base,
        },
      },
    });
    exportRows.push({
      date: pointDate,
      key: String(i).padStart(6, '0'),
      body: {
        pointDate,
        baseCurrency: 'CHF',
        totalBalanceBaseCurrency: base,
        addressesCount: String(addresses),
        walletsCount: String(wallets),
      },
    });
  }

  // Balances per asset (85) and NFT collection balances (12, a single page at size 20).
  const balanceRows: Seeded[] = [];
  for (let i = 0; i < 85; i++) {
    const currency = currencyAt(i);
    balanceRows.push({
      date: isoAt(3000 - i * 13),
      key: currency.id,
      body: {
        asset: {
          currency: currency.symbol,
          kind: currency.isToken ? 'Token' : 'NativeCurrency',
          currencyInfo: currency,
        },
        balance: balanceRecord(rnd, 10 + (i % 10)),
      },
    });
  }
  const nftRows: Seeded[] = nftCollections(12).map((currency, i) => ({
    date: isoAt(2000 - i * 29),
    key: currency.id,
    body: { currencyInfo: currency, balance: balanceRecord(rnd, 1 + (i % 3)) },
  }));

  // Requests (141); those APPROVING are the ones pending approval.
  const requestRows: Seeded[] = [];
  const approvalRows: Seeded[] = [];
  for (let i = 0; i < 141; i++) {
    const id = String(50_001 + i);
    const currency = currencyAt(i * 5);
    // One request in three awaits approval (47 of 141), so both request listings span several pages.
    const status = i % 3 === 1 ? 'APPROVING' : (REQUEST_STATUSES[(i * 5) % REQUEST_STATUSES.length] ?? 'CREATED');
    const created = isoAt(1500 - i * 9);
    const body: JsonObject = {
      id,
      tenantId: '7',
      currency: currency.symbol,
      status,
      type: REQUEST_TYPES[i % REQUEST_TYPES.length] ?? 'payment',
      creationDate: created,
      updateDate: isoAt(1500 - i * 9 - 1),
      rule: 'default',
      needsApprovalFrom: status === 'APPROVING' ? ['treasury-approvers'] : [],
      requestBundleId: i % 5 === 0 ? String(9001 + (i % 29)) : '0',
      externalRequestId: `ext-${hex(`request:${id}`, 12)}`,
      metadata: {
        hash: hex(`payload:${id}`, 64),
        payloadAsString: `{"amount":"${amount(rnd, 9)}","currency":"${currency.symbol}"}`,
      },
      currencyInfo: {
        id: currency.id,
        symbol: currency.symbol,
        blockchain: currency.blockchain,
        network: currency.network,
        decimals: currency.decimals,
      },
    };
    const row = { date: created, key: id.padStart(10, '0'), body };
    requestRows.push(row);
    if (status === 'APPROVING') approvalRows.push(row);
  }

  // Request bundles (29).
  const bundleRows: Seeded[] = [];
  for (let i = 0; i < 29; i++) {
    const id = String(9001 + i);
    bundleRows.push({
      date: isoAt(1400 - i * 31),
      key: id.padStart(10, '0'),
      body: {
        id,
        tenantId: '7',
        blockchain: 'ETH',
        network: 'mainnet',
        status: BUNDLE_STATUSES[i % BUNDLE_STATUSES.length] ?? 'CREATED',
        creationDate: isoAt(1400 - i * 31),
        updateDate: isoAt(1400 - i * 31 - 2),
        details: { amount: amount(rnd, 15) },
        requests: [],
      },
    });
  }

  // Contract instances behind EVM proxies (the section names the first one).
  const contracts = new Map<string, ContractInstance>();
  const contractIds = ['c7d1e4a2-5b3f-4e8a-9c61-2f0b7a4d9e13', '0b9e2c55-81a4-4d6f-b3e0-6c2a19f7d480'];
  for (const [index, id] of contractIds.entries()) {
    const implementations = [1, 2, 3].map((v) => `impl-${hex(`${id}:impl:${v}`, 8)}`);
    contracts.set(id, {
      id,
      blockchain: 'ETH',
      network: 'mainnet',
      proxyAddress: `0x${hex(`${id}:proxy`, 40)}`,
      ownerAddressID: String(310 + index),
      implementations,
      currentImplementationID: implementations[0] ?? '',
      upgrades: [],
      upgradeCount: 0,
    });
  }

  return {
    tags: orderNewestFirst(tagRows),
    tagAssets,
    history: orderNewestFirst(historyRows),
    historyExport: orderNewestFirst(exportRows),
    balances: orderNewestFirst(balanceRows),
    nftBalances: orderNewestFirst(nftRows),
    requests: orderNewestFirst(requestRows),
    requestsForApproval: orderNewestFirst(approvalRows),
    bundles: orderNewestFirst(bundleRows),
    contracts,
    mainTagId,
    mainContractId: contractIds[0] ?? '',
  };
}

// ---------------------------------------------------------------------------------------------
// Cursor tokens: standard base64 (with padding) of "pg1:<scope>:<page>:<size>:<issued>:<mac>",
// the mac being a truncated HMAC-SHA256 under a per-process key. The text only uses [0-9a-z:-],
// whose base64 never contains '+' or '/', so tokens need no escaping beyond '='.
// ---------------------------------------------------------------------------------------------

interface CursorState {
  /** Page index on the grid of `size`; -1 is the empty page before the start. */
  page: number;
  size: number;
}

const TOKEN_TEXT = /^pg1:([0-9a-f]{12}):(-1|0|[1-9][0-9]{0,8}):([1-9][0-9]{0,3}):([0-9a-z]{1,10}):([0-9a-f]{32})$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

class CursorCodec {
  private readonly key = randomBytes(32);

  private mac(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('hex').slice(0, 32);
  }

  static scopeOf(scope: string): string {
    return hex(`scope:${scope}`, 12);
  }

  encode(scope: string, state: CursorState, nowSeconds: number): string {
    const text = `${TOKEN_PREFIX}:${CursorCodec.scopeOf(scope)}:${state.page}:${state.size}:${nowSeconds.toString(36)}`;
    return Buffer.from(`${text}:${this.mac(text)}`, 'latin1').toString('base64');
  }

  /** Returns the state a token carries, or throws E900 when the server did not produce it for this scope. */
  decode(token: string, scope: string, nowSeconds: number): CursorState {
    if (token.length === 0 || token.length > MAX_TOKEN_LENGTH || !BASE64.test(token)) {
      throw invalidCursor('not a base64 token of this server');
    }
    const bytes = Buffer.from(token, 'base64');
    // Canonical form only: a token whose unused bits were altered decodes alike but is not ours.
    if (bytes.toString('base64') !== token) throw invalidCursor('not in canonical form');
    const text = bytes.toString('latin1');
    const match = TOKEN_TEXT.exec(text);
    if (match === null) throw invalidCursor('unknown structure');
    const [, scopeHash, pageText, sizeText, issuedText, macText] = match;
    if (
      scopeHash === undefined ||
      pageText === undefined ||
      sizeText === undefined ||
      issuedText === undefined ||
      macText === undefined
    ) {
      throw invalidCursor('unknown structure');
    }
    const expected = Buffer.from(this.mac(text.slice(0, text.length - macText.length - 1)), 'latin1');
    const given = Buffer.from(macText, 'latin1');
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw invalidCursor('signature mismatch');
    if (scopeHash !== CursorCodec.scopeOf(scope)) throw invalidCursor('issued for another listing');
    const issued = Number.parseInt(issuedText, 36);
    if (!Number.isFinite(issued) || issued > nowSeconds + 60 || nowSeconds - issued > TOKEN_TTL_SECONDS) {
      throw invalidCursor('expired');
    }
    const size = Number(sizeText);
    if (size > MAX_PAGE_SIZE) throw invalidCursor('page size out of range');
    return { page: Number(pageText), size };
  }
}

// ---------------------------------------------------------------------------------------------
// Cursor request parsing and paging
// ---------------------------------------------------------------------------------------------

type PageRequest = 'FIRST' | 'LAST' | 'NEXT' | 'PREVIOUS';
const PAGE_REQUESTS: readonly string[] = ['FIRST', 'LAST', 'NEXT', 'PREVIOUS'];

interface CursorQuery {
  pageRequest: PageRequest;
  /** Undefined when absent or 0 (the proto3 default). */
  pageSize: number | undefined;
  currentPage: string | undefined;
}

/** One value of a query parameter, under its name or (for /balances) the product's `requestCursor.` alias. */
function single(params: URLSearchParams, field: string, aliasPrefix: string | undefined): string | undefined {
  const values = params.getAll(`cursor.${field}`);
  const aliased = aliasPrefix === undefined ? [] : params.getAll(`${aliasPrefix}.${field}`);
  const all = [...values, ...aliased];
  if (all.length > 1) throw badParameter(`cursor.${field} must be given at most once`);
  return all[0];
}

function parseCursorQuery(params: URLSearchParams, aliasPrefix: string | undefined): CursorQuery {
  const rawRequest = single(params, 'pageRequest', aliasPrefix);
  // An absent pageRequest is the proto3 empty string; the service starts from the beginning.
  const pageRequest = rawRequest === undefined || rawRequest === '' ? 'FIRST' : rawRequest;
  if (!PAGE_REQUESTS.includes(pageRequest)) {
    throw badParameter('cursor.pageRequest must be one of FIRST, LAST, NEXT, PREVIOUS');
  }

  const rawSize = single(params, 'pageSize', aliasPrefix);
  let pageSize: number | undefined;
  if (rawSize !== undefined && rawSize !== '') {
    // cursor.pageSize is a uint64 in the product: decimal digits only, within 64 bits.
    if (!/^[0-9]{1,20}$/.test(rawSize) || BigInt(rawSize) > UINT64_MAX) {
      throw badParameter('cursor.pageSize must be a non-negative integer');
    }
    const asBig = BigInt(rawSize);
    pageSize = asBig === 0n ? undefined : Number(asBig > BigInt(MAX_PAGE_SIZE) ? BigInt(MAX_PAGE_SIZE) : asBig);
  }

  const rawToken = single(params, 'currentPage', aliasPrefix);
  const currentPage = rawToken === undefined || rawToken === '' ? undefined : rawToken;
  // Rule 2: "NEXT and PREVIOUS require cursor.currentPage."
  if ((pageRequest === 'NEXT' || pageRequest === 'PREVIOUS') && currentPage === undefined) {
    throw new HttpError(
      400,
      'E400-MISSING_CURSOR',
      `cursor.currentPage is required when cursor.pageRequest is ${pageRequest}`,
    );
  }
  return { pageRequest: pageRequest as PageRequest, pageSize, currentPage };
}

interface CursorPage {
  result: JsonObject[];
  cursor: { currentPage: string; hasPrevious: boolean; hasNext: boolean };
}

function paginate(codec: CursorCodec, scope: string, records: readonly JsonObject[], query: CursorQuery): CursorPage {
  const now = Math.floor(Date.now() / 1000);
  const total = records.length;
  let size = query.pageSize ?? DEFAULT_PAGE_SIZE;
  let page: number;

  if (query.pageRequest === 'FIRST' || query.pageRequest === 'LAST') {
    // Rule 1: FIRST and LAST need no cursor.currentPage; one that is sent is not read.
    const pages = Math.ceil(total / size);
    page = query.pageRequest === 'FIRST' ? 0 : Math.max(0, pages - 1);
  } else {
    const state = codec.decode(query.currentPage ?? '', scope, now);
    // The token is bound to its page size (section: tokenBindsPageSize true): another size makes it foreign.
    if (query.pageSize !== undefined && query.pageSize !== state.size) {
      throw invalidCursor(`issued for cursor.pageSize ${state.size}`);
    }
    size = state.size;
    const endPage = Math.ceil(total / size); // the empty page just after the last record
    if (state.page > endPage) throw invalidCursor('points outside this listing');
    page = query.pageRequest === 'NEXT' ? Math.min(state.page + 1, endPage) : Math.max(state.page - 1, -1);
  }

  const start = page * size;
  const result = page < 0 ? [] : records.slice(start, start + size);
  return {
    result,
    cursor: {
      currentPage: codec.encode(scope, { page, size }, now),
      // Rule 4: hasPrevious false means the start is reached; hasNext false means the end is reached.
      hasPrevious: page > 0,
      hasNext: start + size < total,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Routing
// ---------------------------------------------------------------------------------------------

interface Context {
  data: Dataset;
  codec: CursorCodec;
  token: string;
  upgradeSequence: { next: number };
}

interface Listing {
  kind: 'listing';
  template: string;
  pattern: RegExp;
  /** Records of the listing for the matched path parameters; throws 404 when the parent is unknown. */
  records(ctx: Context, params: string[]): readonly JsonObject[];
  aliasPrefix?: string;
}

interface Operation {
  kind: 'operation';
  template: string;
  pattern: RegExp;
  method: 'POST';
  handle(ctx: Context, params: string[], req: IncomingMessage): Promise<JsonObject>;
}

type Route = Listing | Operation;

const SEGMENT = '([^/]+)';

const routes: Route[] = [
  {
    kind: 'operation',
    template: '/api/rest/v1/capital/contract-instances/{id}/evm/upgrade-proxy',
    pattern: new RegExp(`^/api/rest/v1/capital/contract-instances/${SEGMENT}/evm/upgrade-proxy$`),
    method: 'POST',
    handle: upgradeProxy,
  },
  listing('/api/rest/v1/statistics/tags', (ctx) => ctx.data.tags),
  listing('/api/rest/v1/statistics/tags/{tagID}', (ctx, [tagID]) => {
    const assets = ctx.data.tagAssets.get(tagID ?? '');
    if (assets === undefined) throw new HttpError(404, 'E404-TAG_NOT_FOUND', `tag ${tagID ?? ''} does not exist`);
    return assets;
  }),
  listing('/api/rest/v1/statistics/portfolio/history', (ctx) => ctx.data.history),
  listing('/api/rest/v1/statistics/portfolio/history/export', (ctx) => ctx.data.historyExport),
  // The product names this listing's cursor `requestCursor.*`; the document's `cursor.*` is primary.
  listing('/api/rest/v1/balances', (ctx) => ctx.data.balances, 'requestCursor'),
  listing('/api/rest/v1/balances/nft/collections', (ctx) => ctx.data.nftBalances),
  listing('/api/rest/v2/requests', (ctx) => ctx.data.requests),
  listing('/api/rest/v2/requests/for-approval', (ctx) => ctx.data.requestsForApproval),
  listing('/api/rest/v1/requests/bundles', (ctx) => ctx.data.bundles),
];

function listing(template: string, records: Listing['records'], aliasPrefix?: string): Listing {
  const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, SEGMENT)}$`);
  return aliasPrefix === undefined
    ? { kind: 'listing', template, pattern, records }
    : { kind: 'listing', template, pattern, records, aliasPrefix };
}

function matchRoute(path: string): { route: Route; params: string[] } | undefined {
  for (const route of routes) {
    const m = route.pattern.exec(path);
    if (m === null) continue;
    const params = m.slice(1).map((raw) => {
      try {
        return decodeURIComponent(raw);
      } catch {
        throw badParameter('path parameter is not valid percent-encoding');
      }
    });
    return { route, params };
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Authentication: "Bearer token in Authorization. Token issuance for the custody interface: not shown."
// ---------------------------------------------------------------------------------------------

function authenticate(req: IncomingMessage, token: string): void {
  const header = req.headers.authorization;
  const challenge = { 'WWW-Authenticate': 'Bearer realm="custody"' };
  const match = header === undefined ? null : /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  if (match === null || match[1] === undefined) {
    throw new HttpError(
      401,
      'E401-UNAUTHENTICATED',
      'a bearer token is required in the Authorization header',
      challenge,
    );
  }
  const given = createHash('sha256').update(match[1]).digest();
  const expected = createHash('sha256').update(token).digest();
  if (!timingSafeEqual(given, expected)) {
    throw new HttpError(401, 'E401-INVALID_TOKEN', 'the bearer token is not valid', {
      'WWW-Authenticate': 'Bearer realm="custody", error="invalid_token"',
    });
  }
}

// ---------------------------------------------------------------------------------------------
// EVM proxy upgrade
// ---------------------------------------------------------------------------------------------

const UPGRADE_FIELDS = ['implementationID', 'fromAddressID', 'gasPrice', 'gasLimit'] as const;
type UpgradeField = (typeof UPGRADE_FIELDS)[number];

function readBody(req: IncomingMessage): Promise<Buffer> {
  const tooLarge = (): HttpError =>
    new HttpError(413, 'E413-BODY_TOO_LARGE', `the request body exceeds ${MAX_BODY_BYTES} bytes`, {
      Connection: 'close',
    });
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > MAX_BODY_BYTES) return Promise.reject(tooLarge());
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return; // keep draining without storing, the socket closes after the 413
      length += chunk.length;
      if (length > MAX_BODY_BYTES) {
        failed = true;
        chunks.length = 0;
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('error', (err) => {
      if (!failed) reject(err);
    });
  });
}

function parseUpgradeBody(raw: Buffer, contentType: string | undefined): Partial<Record<UpgradeField, string>> {
  const text = raw.toString('utf8').trim();
  if (text === '') return {}; // every field is optional, so is the body
  if (contentType !== undefined && !/^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i.test(contentType)) {
    throw new HttpError(415, 'E415-UNSUPPORTED_MEDIA_TYPE', 'the request body must be application/json');
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badParameter('the request body is not valid JSON');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badParameter('the request body must be a JSON object');
  }
  const record = body as Record<string, unknown>;
  const out: Partial<Record<UpgradeField, string>> = {};
  // "Body: implementationID, fromAddressID, gasPrice, gasLimit (optional strings)." Unknown members are ignored.
  for (const field of UPGRADE_FIELDS) {
    const value = record[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw badParameter(`${field} must be a string`);
    if (value.length > MAX_STRING_FIELD_LENGTH)
      throw badParameter(`${field} is longer than ${MAX_STRING_FIELD_LENGTH} characters`);
    if (value !== '') out[field] = value;
  }
  return out;
}

async function upgradeProxy(ctx: Context, [id]: string[], req: IncomingMessage): Promise<JsonObject> {
  const instance = ctx.data.contracts.get(id ?? '');
  const raw = await readBody(req);
  if (instance === undefined) {
    throw new HttpError(404, 'E404-CONTRACT_INSTANCE_NOT_FOUND', `contract instance ${id ?? ''} does not exist`);
  }
  const body = parseUpgradeBody(raw, req.headers['content-type']);
  // Without implementationID the proxy is pointed at the newest implementation registered for it.
  const target = body.implementationID ?? instance.implementations[instance.implementations.length - 1] ?? '';
  const previous = instance.currentImplementationID;
  ctx.upgradeSequence.next += 1;
  instance.upgradeCount += 1;
  const result: JsonObject = {
    id: String(70_000 + ctx.upgradeSequence.next),
    contractInstanceID: instance.id,
    blockchain: instance.blockchain,
    network: instance.network,
    proxyAddress: instance.proxyAddress,
    implementationID: target,
    previousImplementationID: previous,
    fromAddressID: body.fromAddressID ?? instance.ownerAddressID,
    gasPrice: body.gasPrice ?? '',
    gasLimit: body.gasLimit ?? '',
    status: 'CREATED',
    creationDate: new Date().toISOString(),
  };
  instance.currentImplementationID = target;
  instance.upgrades.push(result);
  if (instance.upgrades.length > MAX_UPGRADE_HISTORY) instance.upgrades.shift();
  return { result };
}

// ---------------------------------------------------------------------------------------------
// HTTP plumbing
// ---------------------------------------------------------------------------------------------

function send(
  res: ServerResponse,
  status: number,
  payload: Json,
  headers: Record<string, string>,
  headOnly: boolean,
): void {
  if (res.headersSent) return;
  const body = JSON.stringify(payload);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'X-Request-ID': randomUUID(),
    ...headers,
  });
  res.end(headOnly ? undefined : body);
}

function sendError(res: ServerResponse, error: HttpError, headOnly: boolean): void {
  const payload: JsonObject = {
    code: error.status,
    error: REASONS[error.status] ?? 'Error',
    message: error.message,
    errorCode: error.errorCode,
  };
  send(res, error.status, payload, error.headers, headOnly);
}

async function dispatch(ctx: Context, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = req.method ?? 'GET';
  const headOnly = method === 'HEAD';
  try {
    const rawUrl = req.url ?? '/';
    if (rawUrl.length > MAX_URL_LENGTH) throw new HttpError(414, 'E414-URI_TOO_LONG', 'the request URI is too long');
    const url = new URL(rawUrl, 'http://127.0.0.1');
    const path = url.pathname.startsWith(`${BASE_PATH}/`) ? url.pathname.slice(BASE_PATH.length) : undefined;
    const found = path === undefined ? undefined : matchRoute(path);
    if (found === undefined) throw new HttpError(404, 'E404-NOT_FOUND', `no such endpoint: ${url.pathname}`);
    const { route, params } = found;
    const allowed = route.kind === 'listing' ? ['GET', 'HEAD'] : [route.method];
    if (!allowed.includes(method)) {
      throw new HttpError(405, 'E405-METHOD_NOT_ALLOWED', `${method} is not allowed on ${route.template}`, {
        Allow: allowed.join(', '),
      });
    }
    authenticate(req, ctx.token);
    if (route.kind === 'listing') {
      req.resume(); // a listing reads no body
      const records = route.records(ctx, params);
      const query = parseCursorQuery(url.searchParams, route.aliasPrefix);
      const scope = [route.template, ...params].join('\u0000');
      const page = paginate(ctx.codec, scope, records, query);
      send(res, 200, page as unknown as JsonObject, {}, headOnly);
    } else {
      send(res, 200, await route.handle(ctx, params, req), {}, headOnly);
    }
  } catch (caught) {
    const error = caught instanceof HttpError ? caught : new HttpError(500, 'E500-INTERNAL', 'internal error');
    if (error.status === 413 || error.status === 500) res.shouldKeepAlive = false;
    sendError(res, error, headOnly);
    if (!req.readableEnded) req.resume();
  }
}

export async function startBlindService(): Promise<BlindService> {
  const data = buildDataset();
  const token = randomBytes(24).toString('base64url');
  const ctx: Context = { data, codec: new CursorCodec(), token, upgradeSequence: { next: 0 } };

  const server: Server = createServer((req, res) => {
    void dispatch(ctx, req, res);
  });
  server.requestTimeout = 15_000;
  server.headersTimeout = 10_000;
  server.keepAliveTimeout = 5_000;
  server.maxHeadersCount = 100;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.unref(); // the server alone never keeps the process alive
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}${BASE_PATH}`;

  return {
    baseUrl,
    section: {
      baseUrl,
      token: '${BLIND_CUSTODY_TOKEN}',
      releaseLine: RELEASE_LINE,
      tagId: data.mainTagId,
      contractInstanceId: data.mainContractId,
      tokenBindsPageSize: true,
    },
    env: { BLIND_CUSTODY_TOKEN: token },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err === undefined ? resolve() : reject(err)));
        server.closeAllConnections();
      }),
  };
}

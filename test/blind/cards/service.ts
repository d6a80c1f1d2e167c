// Card-on-demand service (document 2, part B) written from its specification only.
// Every behaviour that rests on a sentence of the document cites it; open choices are listed in CHOICES.md.

import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BlindService {
  /** The base address the document's paths are relative to, on 127.0.0.1 and a port chosen by the OS (listen on port 0). */
  baseUrl: string;
  /** The `families.cards` section of a targets.json entry for this service, as docs/targets-reference.md documents it.
   *  Secrets appear as `${BLIND_CARDS_...}` placeholders; their values are in `env`. */
  section: Record<string, unknown>;
  /** Values of the placeholders in `section`. */
  env: Record<string, string>;
  /** Stops the server and every timer it started. */
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------------------------

/** Path prefix of {card_base_url}: "the card-on-demand base address carries v1". */
const BASE_PATH = '/commercial/card-on-demand/v1';

/** "pageSize (double, default 500, max 500)". */
const DEFAULT_PAGE_SIZE = 500;
const MAX_PAGE_SIZE = 500;
/** "Returns up to 500 transactions for a virtual card or for a card account" / "Transactions returned per call: up to 500". */
const MAX_TRANSACTIONS_PER_QUERY = 500;
/** "the two may be at most 31 days apart" / "With no date parameters the most recent 31 days are returned". */
const MAX_WINDOW_DAYS = 31;
/** "Each must be less than 18 months in the past". */
const MAX_AGE_MONTHS = 18;
/** "returns at most the last 100 authorizations of the card, being at most 50 approved and at most 50 declined". */
const MAX_AUTHORIZATIONS_PER_STATUS = 50;

/** Request bodies are tiny (PATCH card carries two fields); anything larger is refused. */
const MAX_BODY_BYTES = 8 * 1024;
/** Identifiers of this service: letters, digits, hyphen, underscore, dot; anything else is a malformed path value. */
const ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const ERROR_DOC_LINK = 'https://developer.example.invalid/card-on-demand/errors';

const CARD_STATUSES = [
  'IN_PROGRESS',
  'ACTIVE',
  'PREACTIVE',
  'INACTIVE',
  'EXPIRED',
  'CANCELLED',
  'UNSUCCESSFUL',
] as const;
type CardStatus = (typeof CARD_STATUSES)[number];
type CardUserStatus = 'ACTIVATED' | 'VERIFICATION_PENDING' | 'VERIFICATION_FAILED' | 'DEACTIVATED';

// ---------------------------------------------------------------------------------------------------------------
// Records (shapes of "Resources and their fields", part B)
// ---------------------------------------------------------------------------------------------------------------

interface ChargeAmountVariance {
  varianceType?: 'PERCENTAGE' | 'AMOUNT';
  varianceLowerBound?: string;
  varianceUpperBound?: string;
  minimumAuthorizationAmount?: string;
  autoExpirePercent?: string;
  autoExpireAmount?: string;
}

interface SpendControls {
  currentAmount: string;
  validFromDate: string;
  validToDate: string;
  spendType?: 'SINGLE_USE' | 'MULTI_USE';
  originalAmount?: string;
  cardCurrency?: string;
  timeZone?: 'AEST' | 'PST' | 'EST' | 'MST' | 'GST' | 'AST' | 'GMT' | 'CET';
  allowedMerchantIndustries?: string[];
  allowedMerchant?: string[];
  chargeAmountVariance?: ChargeAmountVariance;
}

interface CardDetails {
  cardLastFive: string;
  expiryDate: string;
  formFactor: 'VIRTUAL';
  cardReferenceId: string;
  cardCreationDate: string;
  status: CardStatus;
  cardModifiedDate?: string;
  digitalWalletProvisionable?: boolean;
  digitalWalletProvisioned?: string[];
}

interface ReconciliationItem {
  index: string;
  value: string;
}

interface Card {
  cardId: string;
  accountId: string;
  spendControls: SpendControls;
  cardDetails: CardDetails;
  deliveryMethod: 'API_RESPONSE';
  cardUserId?: string;
  reloadable?: boolean;
  reconciliationField?: { userDefinedFields?: ReconciliationItem[]; accountingFields?: ReconciliationItem[] };
}

interface CardUser {
  cardUserId: string;
  buyerId: string;
  name: { first: string; last: string; middle?: string; suffix?: string };
  dateOfBirth: string;
  email: { type: 'PERSONAL'; emailAddress: string }[];
  phone: { countryCode: string; number: string; type: 'MOBILE' }[];
  address: {
    type: 'RESIDENCE';
    purpose: 'PRIMARY';
    line1: string;
    line2?: string;
    city: string;
    state: string;
    country: string;
    postalCode: string;
  }[];
  status: CardUserStatus;
  expressConsentObtained: boolean;
  dateCreated: string;
  employeeId?: string;
}

interface Merchant {
  name: string;
  city: string;
  state?: string;
  country: string;
  postalCode?: string;
  SeNumber: string;
  taxNumber?: string;
  categoryCode: string;
}

interface Transaction {
  referenceNumber: string;
  cardId: string;
  lastFive: string;
  authorizationId: string;
  transactionAmount: { value: string; currency: string };
  localAmount?: { value: string; currency: string };
  authorizationDate: string;
  transactionDate: string;
  transactionType: 'CHARGE' | 'CREDIT';
  digitalWallet: string;
  transactionDescription: { line1?: string; line2?: string; line3?: string; line4?: string; line5?: string };
  billingCycleDate?: string;
  merchant: Merchant;
}

interface Authorization {
  authorizationId: string;
  authorizationStatus: 'approved' | 'declined';
  authorizationAmount: string;
  authorizationCurrency: 'USD';
  authorizationDate: string;
  authorizationTimestamp: string;
  authorizationDeclineReason?: string;
  lastFive: string;
  merchantNumber: string;
  merchantName: string;
  merchantCity: string;
  merchantState?: string;
  merchantCountry: string;
  digitalWallet?: string;
}

interface AuthorizationNotification {
  notificationId: string;
  eventDescription: string;
  notificationType: 'SUCCESSFUL_AUTH' | 'DECLINED_AUTH';
  timeOfNotification: string;
  cardId: string;
  accountId: string;
  cardReferenceId: string;
  authorizationDetails: Omit<Authorization, 'authorizationDate'>;
}

interface Account {
  accountId: string;
  /** "Account: accountId and status (`INACTIVE` after unenrolment)"; before unenrolment the account is enrolled. */
  status: 'ENROLLED' | 'INACTIVE';
}

interface Fixtures {
  unassignedCards: Record<CardStatus, string[]>;
  assignedCards: { ACTIVE: string; PREACTIVE: string };
  cardUsers: Record<CardUserStatus, string>;
  historyAccountId: string;
  emptyAccountId: string;
  manyAuthorizationsCardId: string;
  disposableAccountId: string;
  disposableCardIds: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// Dates (all in UTC; the document gives calendar dates YYYY-MM-DD)
// ---------------------------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

function todayUtc(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

function formatDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The same day-of-month `months` earlier, clamped to the end of a shorter month. */
function subtractMonths(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay)));
}

/** Strict YYYY-MM-DD on a real calendar day, or null. */
function parseDate(text: string): Date | null {
  const match = DATE_PATTERN.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date;
}

function daysBetween(from: Date, to: Date): number {
  return Math.round((to.getTime() - from.getTime()) / DAY_MS);
}

/** "authorizationTimestamp (ISO 8601 pattern yyyy-MM-ddThh:mm:ss+00:00)". */
function formatTimestamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}+00:00`;
}

/** "expiryDate ... Format MM-YY". */
function formatExpiry(date: Date): string {
  return `${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCFullYear() % 100).padStart(2, '0')}`;
}

function formatAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Seed data
// ---------------------------------------------------------------------------------------------------------------

/** Small deterministic generator (mulberry32) so the seeded data is the same on every start. */
function makeRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MERCHANTS: Merchant[] = [
  {
    name: 'CASCADE OFFICE SUPPLY',
    city: 'SEATTLE',
    state: 'WA',
    country: 'US',
    postalCode: '98101-2211',
    SeNumber: '9412837465',
    taxNumber: '91-4433221',
    categoryCode: '5111',
  },
  {
    name: 'BLUE RIDGE AIRWAYS',
    city: 'CHARLOTTE',
    state: 'NC',
    country: 'US',
    postalCode: '28202',
    SeNumber: '9301122334',
    categoryCode: '4511',
  },
  {
    name: 'HARBOR VIEW HOTEL',
    city: 'BOSTON',
    state: 'MA',
    country: 'US',
    postalCode: '02110-1301',
    SeNumber: '9555012876',
    taxNumber: '04-7788123',
    categoryCode: '7011',
  },
  {
    name: 'NORDLICHT SOFTWARE GMBH',
    city: 'MUENCHEN',
    country: 'DE',
    postalCode: '80331',
    SeNumber: '9876104455',
    taxNumber: 'DE811223344',
    categoryCode: '5734',
  },
  {
    name: 'MESA CLOUD HOSTING',
    city: 'PHOENIX',
    state: 'AZ',
    country: 'US',
    SeNumber: '9120098811',
    categoryCode: '7372',
  },
];

const WALLETS = ['Apple Pay', 'Google Pay', 'Samsung Pay'];

interface Store {
  cards: Map<string, Card>;
  cardUsers: Map<string, CardUser>;
  accounts: Map<string, Account>;
  /** Per account, newest first ("newest first" is the order GET /transactions returns). */
  transactions: Map<string, Transaction[]>;
  /** Per card, oldest first. */
  authorizations: Map<string, Authorization[]>;
  notification: AuthorizationNotification;
  fixtures: Fixtures;
}

class Seeder {
  readonly store: Omit<Store, 'notification' | 'fixtures'> = {
    cards: new Map(),
    cardUsers: new Map(),
    accounts: new Map(),
    transactions: new Map(),
    authorizations: new Map(),
  };
  private readonly random = makeRandom(20261202);
  private cardSeq = 0;
  private userSeq = 0;
  private referenceSeq = 0;
  private authSeq = 0;
  constructor(private readonly today: Date) {}

  private int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T;
  }

  private digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(this.int(0, 9));
    return out;
  }

  account(accountId: string): string {
    this.store.accounts.set(accountId, { accountId, status: 'ENROLLED' });
    this.store.transactions.set(accountId, []);
    return accountId;
  }

  cardUser(status: CardUserStatus, first: string, last: string, withEmployeeId: boolean): string {
    this.userSeq += 1;
    const cardUserId = `cu${String(this.userSeq).padStart(4, '0')}-${this.digits(6)}`;
    const user: CardUser = {
      cardUserId,
      buyerId: 'BYR-40027-NW',
      name: { first, last },
      dateOfBirth: formatDate(addDays(this.today, -this.int(9000, 20000))),
      email: [{ type: 'PERSONAL', emailAddress: `${first.toLowerCase()}.${last.toLowerCase()}@example.com` }],
      phone: [{ countryCode: '001', number: `206555${this.digits(4)}`, type: 'MOBILE' }],
      address: [
        {
          type: 'RESIDENCE',
          purpose: 'PRIMARY',
          line1: `${this.int(100, 9999)} Pine Street`,
          city: 'Seattle',
          state: 'WA',
          country: 'US',
          postalCode: `98101-${this.digits(4)}`,
        },
      ],
      status,
      expressConsentObtained: status !== 'VERIFICATION_FAILED',
      dateCreated: formatDate(addDays(this.today, -this.int(60, 400))),
    };
    // Optional fields left out of some records: middle name, line2 and employeeId appear on some users only.
    if (this.userSeq % 2 === 0) user.name.middle = this.pick(['Anne-Marie', "O'Neil", 'Lee']);
    if (this.userSeq % 5 === 0) user.name.suffix = 'Jr.';
    if (this.userSeq % 3 === 0) user.address[0]!.line2 = `Apt ${this.int(1, 40)}`;
    if (withEmployeeId) user.employeeId = `EMP ${this.digits(5)}`;
    this.store.cardUsers.set(cardUserId, user);
    return cardUserId;
  }

  card(accountId: string, status: CardStatus, options: { cardUserId?: string; createdDaysAgo?: number } = {}): string {
    this.cardSeq += 1;
    const cardId = `vc-${String(this.cardSeq).padStart(5, '0')}${this.digits(3)}`;
    const defaultAge = status === 'EXPIRED' ? this.int(60, 120) : this.int(3, 40);
    const created = addDays(this.today, -(options.createdDaysAgo ?? defaultAge));
    const validFrom = status === 'PREACTIVE' ? addDays(this.today, this.int(2, 20)) : created;
    const validTo =
      status === 'EXPIRED'
        ? addDays(this.today, -this.int(1, 10))
        : addDays(new Date(Math.max(validFrom.getTime(), this.today.getTime())), this.int(30, 180));
    const original = this.int(5_000, 2_500_000);
    const spendType = this.cardSeq % 3 === 0 ? 'SINGLE_USE' : 'MULTI_USE';
    const card: Card = {
      cardId,
      accountId,
      spendControls: {
        currentAmount: formatAmount(status === 'ACTIVE' ? Math.floor(original * 0.8) : original),
        validFromDate: formatDate(validFrom),
        validToDate: formatDate(validTo),
        spendType,
        originalAmount: formatAmount(original),
        cardCurrency: 'USD',
        timeZone: 'PST',
      },
      cardDetails: {
        cardLastFive: this.digits(5),
        expiryDate: formatExpiry(addDays(this.today, 365 * 3)),
        formFactor: 'VIRTUAL',
        cardReferenceId: `PO-${formatDate(created).slice(0, 4)}-${String(this.cardSeq).padStart(4, '0')}`,
        cardCreationDate: formatDate(created),
        status,
      },
      deliveryMethod: 'API_RESPONSE',
    };
    // Optional parts present on some cards only (spend restrictions, reconciliation data, modification date).
    if (this.cardSeq % 2 === 1) {
      card.spendControls.allowedMerchantIndustries = ['5111', '4511', '7011'];
      card.spendControls.chargeAmountVariance = {
        varianceType: 'PERCENTAGE',
        varianceLowerBound: '10',
        varianceUpperBound: '15',
        minimumAuthorizationAmount: '1.00',
      };
    }
    if (this.cardSeq % 4 === 0) card.spendControls.allowedMerchant = ['9412837465', '9555012876'];
    if (this.cardSeq % 3 !== 0) card.reloadable = spendType === 'MULTI_USE';
    if (this.cardSeq % 2 === 0) {
      card.reconciliationField = {
        userDefinedFields: [{ index: '1', value: `REQ-${this.digits(6)}` }],
        accountingFields: [
          { index: '1', value: `CC-${this.int(100, 999)}` },
          { index: '2', value: `PRJ-${this.digits(4)}` },
        ],
      };
    }
    if (status !== 'IN_PROGRESS' && status !== 'ACTIVE' && status !== 'PREACTIVE') {
      card.cardDetails.cardModifiedDate = formatDate(addDays(this.today, -this.int(0, 2)));
    }
    if (options.cardUserId !== undefined) {
      card.cardUserId = options.cardUserId;
      card.cardDetails.digitalWalletProvisionable = false;
    }
    this.store.cards.set(cardId, card);
    return cardId;
  }

  /** One transaction settled on `settled`; its authorizationId is an approval code of the processing system. */
  transaction(cardId: string, settled: Date): void {
    const card = this.store.cards.get(cardId)!;
    const merchant = this.pick(MERCHANTS);
    const isCredit = this.random() < 0.08;
    const cents = this.int(500, 90_000);
    const value = formatAmount(isCredit ? -cents : cents);
    this.referenceSeq += 1;
    const transaction: Transaction = {
      referenceNumber: `3${formatDate(settled).replaceAll('-', '')}${String(this.referenceSeq).padStart(6, '0')}`,
      cardId,
      lastFive: card.cardDetails.cardLastFive,
      authorizationId: this.digits(6),
      transactionAmount: { value, currency: 'USD' },
      authorizationDate: formatDate(addDays(settled, -this.int(0, 2))),
      transactionDate: formatDate(settled),
      transactionType: isCredit ? 'CREDIT' : 'CHARGE',
      digitalWallet: this.random() < 0.25 ? this.pick(WALLETS) : 'Not applicable',
      transactionDescription: { line1: merchant.name, line2: `${merchant.city} ${merchant.country}` },
      merchant: { ...merchant },
    };
    // localAmount only when the merchant was paid in another currency than the funding account's.
    if (merchant.country === 'DE') {
      transaction.localAmount = {
        value: formatAmount(Math.round((isCredit ? -cents : cents) * 0.92)),
        currency: 'EUR',
      };
    }
    if (isCredit) transaction.transactionDescription.line3 = 'CREDIT ADJUSTMENT';
    // Statement cycles close on the 25th; billingCycleDate is left out while the transaction is not yet billed.
    const cycle = new Date(Date.UTC(settled.getUTCFullYear(), settled.getUTCMonth(), 25));
    const cycleEnd =
      settled.getUTCDate() <= 25 ? cycle : new Date(Date.UTC(cycle.getUTCFullYear(), cycle.getUTCMonth() + 1, 25));
    if (cycleEnd <= this.today) transaction.billingCycleDate = formatDate(cycleEnd);
    this.store.transactions.get(card.accountId)!.push(transaction);
  }

  /** Authorization records: ids of the form AZ-<13 digits>, unrelated to transactions' approval codes. */
  authorization(cardId: string, atMs: number, approved: boolean): void {
    const card = this.store.cards.get(cardId)!;
    const merchant = this.pick(MERCHANTS);
    this.authSeq += 1;
    const record: Authorization = {
      authorizationId: `AZ-${String(this.authSeq).padStart(5, '0')}${this.digits(8)}`,
      authorizationStatus: approved ? 'approved' : 'declined',
      authorizationAmount: formatAmount(this.int(100, 60_000)),
      authorizationCurrency: 'USD',
      authorizationDate: formatDate(new Date(atMs)),
      authorizationTimestamp: formatTimestamp(atMs),
      lastFive: card.cardDetails.cardLastFive,
      merchantNumber: merchant.SeNumber,
      merchantName: merchant.name,
      merchantCity: merchant.city,
      merchantCountry: merchant.country,
    };
    if (merchant.state !== undefined) record.merchantState = merchant.state;
    if (!approved) {
      record.authorizationDeclineReason = this.pick([
        'MERCHANT_CATEGORY_NOT_ALLOWED',
        'AMOUNT_EXCEEDS_CARD_BALANCE',
        'OUTSIDE_VALIDITY_PERIOD',
      ]);
    }
    if (this.authSeq % 5 === 0) record.digitalWallet = this.pick(WALLETS);
    const list = this.store.authorizations.get(cardId) ?? [];
    list.push(record);
    this.store.authorizations.set(cardId, list);
  }
}

function seedStore(today: Date): Store {
  const seeder = new Seeder(today);
  const poolAccount = seeder.account('FA-310045120');
  const historyAccount = seeder.account('FA-310045138');
  const emptyAccount = seeder.account('FA-310045146');
  const disposableAccount = seeder.account('FA-310045153');

  const cardUsers: Record<CardUserStatus, string> = {
    ACTIVATED: seeder.cardUser('ACTIVATED', 'Priya', 'Raman', true),
    VERIFICATION_PENDING: seeder.cardUser('VERIFICATION_PENDING', 'Tomas', 'Lindqvist', false),
    VERIFICATION_FAILED: seeder.cardUser('VERIFICATION_FAILED', 'Grace', 'Okafor', true),
    DEACTIVATED: seeder.cardUser('DEACTIVATED', 'Hugo', 'Marchetti', false),
  };
  // Holders of the already-assigned cards: ACTIVATED users other than the one named in the fixtures.
  const holderA = seeder.cardUser('ACTIVATED', 'Mei', 'Tanaka', true);
  const holderB = seeder.cardUser('ACTIVATED', 'Daniel', 'Brooks', false);

  // Several unassigned cards per status, so repeated runs against one process still find fresh ones.
  const counts: Record<CardStatus, number> = {
    IN_PROGRESS: 2,
    ACTIVE: 6,
    PREACTIVE: 7,
    INACTIVE: 2,
    EXPIRED: 2,
    CANCELLED: 2,
    UNSUCCESSFUL: 2,
  };
  const unassignedCards = {} as Record<CardStatus, string[]>;
  for (const status of CARD_STATUSES) {
    unassignedCards[status] = Array.from({ length: counts[status] }, () => seeder.card(poolAccount, status));
  }
  const assignedCards = {
    ACTIVE: seeder.card(poolAccount, 'ACTIVE', { cardUserId: holderA }),
    PREACTIVE: seeder.card(poolAccount, 'PREACTIVE', { cardUserId: holderB }),
  };

  // The card with more than 100 authorizations: 140, of which the newest 100 alternate approved / declined.
  const manyAuthorizationsCardId = seeder.card(poolAccount, 'ACTIVE', { cardUserId: holderA, createdDaysAgo: 200 });
  const startMs = addDays(today, -150).getTime();
  for (let i = 0; i < 140; i++) {
    const approved = i < 40 ? i % 4 !== 3 : i % 2 === 0;
    seeder.authorization(manyAuthorizationsCardId, startMs + i * 25 * 3_600_000 + (i % 7) * 60_000, approved);
  }
  for (let i = 0; i < 6; i++) seeder.transaction(manyAuthorizationsCardId, addDays(today, -(i * 4 + 1)));

  // The history account: three cards used every two to three days over about 22 months.
  const historyCards = [
    seeder.card(historyAccount, 'ACTIVE', { cardUserId: holderB, createdDaysAgo: 700 }),
    seeder.card(historyAccount, 'ACTIVE', { createdDaysAgo: 690 }),
    seeder.card(historyAccount, 'ACTIVE', { createdDaysAgo: 400 }),
  ];
  for (let day = 670, i = 0; day >= 0; day -= 2 + (i % 2), i++) {
    seeder.transaction(historyCards[i % historyCards.length] as string, addDays(today, -day));
  }
  for (const cardId of historyCards) {
    for (let i = 0; i < 8; i++)
      seeder.authorization(cardId, addDays(today, -(i * 3 + 1)).getTime() + 36_000_000, i !== 5);
  }

  // The disposable account, with recent transactions naming its cards.
  const disposableCardIds = [
    seeder.card(disposableAccount, 'ACTIVE', { createdDaysAgo: 30 }),
    seeder.card(disposableAccount, 'ACTIVE', { cardUserId: holderA, createdDaysAgo: 25 }),
    seeder.card(disposableAccount, 'PREACTIVE', { createdDaysAgo: 5 }),
  ];
  for (let i = 0; i < 9; i++) seeder.transaction(disposableCardIds[i % 2] as string, addDays(today, -(i * 2 + 1)));
  for (let i = 0; i < 4; i++) seeder.authorization(disposableCardIds[0] as string, addDays(today, -i).getTime(), true);

  const { store } = seeder;
  for (const list of store.transactions.values()) list.sort(compareTransactions);

  // The notification served by GET /authorizationnotifications: the newest authorization of the busy card.
  const busyAuths = store.authorizations.get(manyAuthorizationsCardId)!;
  const latest = busyAuths[busyAuths.length - 1]!;
  const busyCard = store.cards.get(manyAuthorizationsCardId)!;
  const { authorizationDate: _unused, ...details } = latest;
  const notification: AuthorizationNotification = {
    notificationId: 'ntf-2f6c1a90-0c4e-4a77-9d1b-5b8e3f0a7c21',
    eventDescription: latest.authorizationStatus === 'approved' ? 'Authorization approved' : 'Authorization declined',
    notificationType: latest.authorizationStatus === 'approved' ? 'SUCCESSFUL_AUTH' : 'DECLINED_AUTH',
    timeOfNotification: formatTimestamp(Date.parse(latest.authorizationTimestamp) + 2_000),
    cardId: busyCard.cardId,
    accountId: busyCard.accountId,
    cardReferenceId: busyCard.cardDetails.cardReferenceId,
    authorizationDetails: details,
  };

  return {
    ...store,
    notification,
    fixtures: {
      unassignedCards,
      assignedCards,
      cardUsers,
      historyAccountId: historyAccount,
      emptyAccountId: emptyAccount,
      manyAuthorizationsCardId,
      disposableAccountId: disposableAccount,
      disposableCardIds,
    },
  };
}

/** Newest first by settlement date, then by reference number (descending) for a stable order within a day. */
function compareTransactions(a: Transaction, b: Transaction): number {
  if (a.transactionDate !== b.transactionDate) return a.transactionDate < b.transactionDate ? 1 : -1;
  return a.referenceNumber < b.referenceNumber ? 1 : a.referenceNumber > b.referenceNumber ? -1 : 0;
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP helpers and error bodies
// ---------------------------------------------------------------------------------------------------------------

/** "400 bodies hold `errors`, a list of items with `code` (required), `message` (required), `detail` and `link` (optional)". */
interface ErrorItem {
  code: string;
  message: string;
  detail?: string;
  link?: string;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${status}`);
  }
}

function badRequest(items: ErrorItem[]): HttpError {
  return new HttpError(400, { errors: items });
}

/** "The other statuses carry `errorCode` (string, required, machine-readable) and optional `errorDescription`." */
function statusError(status: number, errorCode: string, errorDescription?: string): HttpError {
  return new HttpError(status, errorDescription === undefined ? { errorCode } : { errorCode, errorDescription });
}

function item(code: string, message: string, detail?: string): ErrorItem {
  const out: ErrorItem = { code, message };
  if (detail !== undefined) out.detail = detail;
  out.link = `${ERROR_DOC_LINK}#${code}`;
  return out;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        failed = true;
        reject(
          badRequest([item('COD-4013', 'Request body too large', `At most ${MAX_BODY_BYTES} bytes are accepted.`)]),
        );
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', (error) => {
      if (!failed) reject(error);
    });
  });
}

/** A path segment, decoded; a malformed escape or an identifier outside ID_PATTERN is a 400 of the given shape. */
function pathId(raw: string, field: string, shape: 'errors' | 'errorCode'): string {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    value = '';
  }
  if (!ID_PATTERN.test(value)) {
    const message = `${field} is malformed`;
    if (shape === 'errorCode') throw statusError(400, 'INVALID_ACCOUNT_ID', message);
    throw badRequest([item('COD-4002', message, `${field} must be 1 to 64 letters, digits, '.', '_' or '-'.`)]);
  }
  return value;
}

// ---------------------------------------------------------------------------------------------------------------
// The service
// ---------------------------------------------------------------------------------------------------------------

interface RequestContext {
  method: string;
  segments: string[];
  query: URLSearchParams;
  req: IncomingMessage;
}

type Reply = { status: number; body: unknown };

class CardOnDemandService {
  constructor(
    private readonly store: Store,
    private readonly token: string,
    private readonly baseUrl: string,
    /** `walletProvisioning` of the section: the partner has not signed up for mobile wallet provisioning. */
    private readonly walletProvisioning: boolean,
  ) {}

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const url = new URL(req.url ?? '/', 'http://internal.invalid');
      if (url.pathname !== BASE_PATH && !url.pathname.startsWith(`${BASE_PATH}/`)) {
        throw statusError(404, 'RESOURCE_NOT_FOUND', 'No such resource.');
      }
      // "OAuth 2.0 client credentials bearer token in `Authorization`, on every operation."
      this.authenticate(req.headers.authorization);
      const segments = url.pathname.slice(BASE_PATH.length).split('/').slice(1);
      const reply = await this.route({ method: req.method ?? 'GET', segments, query: url.searchParams, req });
      sendJson(res, reply.status, reply.body);
    } catch (error) {
      if (error instanceof HttpError) {
        sendJson(res, error.status, error.body, error.headers);
        if (error.status === 400 && req.readable) req.resume();
        return;
      }
      sendJson(res, 500, { errorCode: 'INTERNAL_ERROR', errorDescription: 'Unexpected server error.' });
    }
  }

  /** RFC 6750: a missing or wrong bearer token is answered 401 with a `WWW-Authenticate: Bearer` challenge. */
  private authenticate(header: string | undefined): void {
    const challenge = (error?: string) => ({
      'www-authenticate': error ? `Bearer realm="card-on-demand", error="${error}"` : 'Bearer realm="card-on-demand"',
    });
    if (header === undefined || header.trim() === '') {
      throw new HttpError(
        401,
        { errorCode: 'UNAUTHORIZED', errorDescription: 'A bearer token is required.' },
        challenge(),
      );
    }
    const match = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)[ ]*$/i.exec(header);
    const presented = Buffer.from(match?.[1] ?? '');
    const expected = Buffer.from(this.token);
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
      throw new HttpError(
        401,
        { errorCode: 'INVALID_TOKEN', errorDescription: 'The bearer token is invalid or expired.' },
        challenge('invalid_token'),
      );
    }
  }

  private async route(ctx: RequestContext): Promise<Reply> {
    const [resource, id, ...rest] = ctx.segments;
    const allow = (methods: string[]) => {
      if (!methods.includes(ctx.method)) {
        throw new HttpError(
          405,
          { errorCode: 'METHOD_NOT_ALLOWED', errorDescription: `Use ${methods.join(' or ')}.` },
          { allow: methods.join(', ') },
        );
      }
    };
    if (rest.length === 0) {
      if (resource === 'cards' && id !== undefined && id !== '') {
        allow(['GET', 'PATCH']);
        return ctx.method === 'GET' ? this.getCard(id) : this.patchCard(id, ctx.req);
      }
      if (resource === 'cardusers' && id !== undefined && id !== '') {
        allow(['GET']);
        return this.getCardUser(id);
      }
      if (resource === 'accounts' && id !== undefined && id !== '') {
        allow(['DELETE']);
        return this.deleteAccount(id);
      }
      if (resource === 'transactions' && id === undefined) {
        allow(['GET']);
        return this.getTransactions(ctx.query);
      }
      if (resource === 'authorizations' && id === undefined) {
        allow(['GET']);
        return this.getAuthorizations(ctx.query);
      }
      if (resource === 'authorizationnotifications' && id === undefined) {
        allow(['GET']);
        return { status: 200, body: structuredClone(this.store.notification) };
      }
    }
    throw statusError(404, 'RESOURCE_NOT_FOUND', 'No such resource.');
  }

  /** A card of an enrolled account. "Virtual cards of the account become inaccessible" after unenrolment: 404. */
  private accessibleCard(cardId: string): Card {
    const card = this.store.cards.get(cardId);
    if (card === undefined || this.store.accounts.get(card.accountId)?.status !== 'ENROLLED') {
      throw statusError(404, 'CARD_NOT_FOUND', `No card ${cardId}.`);
    }
    return card;
  }

  // GET /cards/{cardId} -------------------------------------------------------------------------------------------

  private getCard(rawId: string): Reply {
    const card = this.accessibleCard(pathId(rawId, 'cardId', 'errors'));
    // "When the card status is IN_PROGRESS only cardId, accountId and status are returned."
    if (card.cardDetails.status === 'IN_PROGRESS') {
      return { status: 200, body: { cardId: card.cardId, accountId: card.accountId, status: 'IN_PROGRESS' } };
    }
    return { status: 200, body: structuredClone(card) };
  }

  // PATCH /cards/{cardId} -----------------------------------------------------------------------------------------

  private async patchCard(rawId: string, req: IncomingMessage): Promise<Reply> {
    const cardId = pathId(rawId, 'cardId', 'errors');
    const card = this.accessibleCard(cardId);
    const body = await this.readJsonObject(req);
    const { cardUserId, provisionable } = this.validateAssignment(body);

    // "A card that has a card user cannot be reassigned."
    if (card.cardUserId !== undefined) {
      throw badRequest([
        item('COD-4201', 'Card already has a card user', `Card ${cardId} is assigned and cannot be reassigned.`),
      ]);
    }
    // "The card must be ACTIVE or PREACTIVE and the card user must be ACTIVATED."
    const status = card.cardDetails.status;
    if (status !== 'ACTIVE' && status !== 'PREACTIVE') {
      throw badRequest([
        item(
          'COD-4202',
          'Card status does not allow assignment',
          `Card status is ${status}; ACTIVE or PREACTIVE required.`,
        ),
      ]);
    }
    const user = this.store.cardUsers.get(cardUserId);
    if (user === undefined) {
      throw badRequest([item('COD-4203', 'Unknown card user', `cardUserId ${cardUserId} does not exist.`)]);
    }
    if (user.status !== 'ACTIVATED') {
      throw badRequest([
        item('COD-4204', 'Card user status does not allow assignment', `Card user status is ${user.status}.`),
      ]);
    }

    card.cardUserId = cardUserId;
    // "After assignment digitalWalletProvisionable cannot be modified": fixed here, once, with the assignment.
    card.cardDetails.digitalWalletProvisionable = provisionable;
    card.cardDetails.cardModifiedDate = formatDate(todayUtc());
    return { status: 200, body: { cardId, cardUserId, digitalWalletProvisionable: provisionable } };
  }

  private async readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
    const contentType = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (contentType !== 'application/json' && !/^application\/[a-z0-9.+-]*\+json$/.test(contentType)) {
      req.resume();
      throw badRequest([item('COD-4010', 'Unsupported content type', 'All bodies are JSON (application/json).')]);
    }
    const text = await readBody(req);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw badRequest([item('COD-4011', 'Malformed JSON body')]);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw badRequest([item('COD-4012', 'Body must be a JSON object')]);
    }
    return parsed as Record<string, unknown>;
  }

  /** Field rules of PATCH card: cardUserId (string, required); digitalWalletProvisionable depends on wallet sign-up. */
  private validateAssignment(body: Record<string, unknown>): { cardUserId: string; provisionable: boolean } {
    const errors: ErrorItem[] = [];
    for (const key of Object.keys(body)) {
      if (key !== 'cardUserId' && key !== 'digitalWalletProvisionable') {
        errors.push(item('COD-4020', 'Unknown field', `${key} is not a field of this operation.`));
      }
    }
    const cardUserId = body.cardUserId;
    if (cardUserId === undefined || cardUserId === null) {
      errors.push(item('COD-4021', 'cardUserId is required'));
    } else if (typeof cardUserId !== 'string' || !ID_PATTERN.test(cardUserId)) {
      errors.push(item('COD-4022', 'cardUserId is malformed', 'cardUserId must be a non-empty identifier string.'));
    }
    const flag = body.digitalWalletProvisionable;
    let provisionable = false;
    if (this.walletProvisioning) {
      // "required when the partner has signed up for mobile wallet provisioning and the card is for a card user".
      if (typeof flag !== 'boolean') {
        errors.push(item('COD-4023', 'digitalWalletProvisionable is required', 'A boolean is required.'));
      } else {
        provisionable = flag;
      }
    } else if (flag !== undefined && flag !== null) {
      // "otherwise the field must be null".
      errors.push(
        item(
          'COD-4024',
          'digitalWalletProvisionable must be null',
          'The partner is not signed up for wallet provisioning.',
        ),
      );
    }
    if (errors.length > 0) throw badRequest(errors);
    return { cardUserId: cardUserId as string, provisionable };
  }

  // GET /cardusers/{cardUserId} -----------------------------------------------------------------------------------

  private getCardUser(rawId: string): Reply {
    const cardUserId = pathId(rawId, 'cardUserId', 'errors');
    const user = this.store.cardUsers.get(cardUserId);
    if (user === undefined) throw statusError(404, 'CARD_USER_NOT_FOUND', `No card user ${cardUserId}.`);
    return { status: 200, body: structuredClone(user) };
  }

  // DELETE /accounts/{accountId} ----------------------------------------------------------------------------------

  private deleteAccount(rawId: string): Reply {
    // "Exception: 400 on DELETE account uses the errorCode shape."
    const accountId = pathId(rawId, 'accountId', 'errorCode');
    const account = this.store.accounts.get(accountId);
    if (account === undefined) throw statusError(404, 'ACCOUNT_NOT_FOUND', `No account ${accountId}.`);
    if (account.status === 'INACTIVE') {
      throw statusError(400, 'ACCOUNT_ALREADY_UNENROLLED', `Account ${accountId} is already INACTIVE.`);
    }
    // Enrolled -> INACTIVE; cards keep their status, no notification is sent, transactions stay retrievable.
    account.status = 'INACTIVE';
    return { status: 200, body: { accountId, status: 'INACTIVE' } };
  }

  // GET /authorizations -------------------------------------------------------------------------------------------

  private getAuthorizations(query: URLSearchParams): Reply {
    const values = query.getAll('cardId');
    if (values.length === 0 || values[0] === '') {
      throw badRequest([item('COD-4030', 'cardId is required', 'Query parameter cardId is required.')]);
    }
    if (values.length > 1) throw badRequest([item('COD-4031', 'cardId must be given once')]);
    const cardId = values[0] as string;
    if (!ID_PATTERN.test(cardId)) throw badRequest([item('COD-4032', 'cardId is malformed')]);
    this.accessibleCard(cardId);
    // "at most the last 100 authorizations of the card, being at most 50 approved and at most 50 declined":
    // the newest 50 of each outcome, listed oldest first.
    const all = this.store.authorizations.get(cardId) ?? [];
    const approved = all.filter((a) => a.authorizationStatus === 'approved').slice(-MAX_AUTHORIZATIONS_PER_STATUS);
    const declined = all.filter((a) => a.authorizationStatus === 'declined').slice(-MAX_AUTHORIZATIONS_PER_STATUS);
    const kept = new Set([...approved, ...declined]);
    const authorizationDetails = all.filter((a) => kept.has(a)).map((a) => structuredClone(a));
    return { status: 200, body: { cardId, authorizationDetails } };
  }

  // GET /transactions ---------------------------------------------------------------------------------------------

  private getTransactions(query: URLSearchParams): Reply {
    const params = this.validateTransactionQuery(query);
    const { cardId, accountId, pageSize, pageNumber, start, end } = params;

    // "transactions stay retrievable" after unenrolment: lookups here ignore the account status.
    let card: Card | undefined;
    if (cardId !== undefined) {
      card = this.store.cards.get(cardId);
      if (card === undefined) throw statusError(404, 'CARD_NOT_FOUND', `No card ${cardId}.`);
    }
    if (accountId !== undefined && !this.store.accounts.has(accountId)) {
      throw statusError(404, 'ACCOUNT_NOT_FOUND', `No account ${accountId}.`);
    }
    if (card !== undefined && accountId !== undefined && card.accountId !== accountId) {
      throw badRequest([
        item('COD-4050', 'cardId does not belong to accountId', `Card ${cardId} is funded by another account.`),
      ]);
    }
    const owner = accountId ?? card!.accountId;
    const from = formatDate(start);
    const to = formatDate(end);
    const matching = (this.store.transactions.get(owner) ?? []).filter(
      (t) => (cardId === undefined || t.cardId === cardId) && t.transactionDate >= from && t.transactionDate <= to,
    );
    // "Returns up to 500 transactions ... newest first": the newest 500 form the result that is paged.
    const capped = matching.slice(0, MAX_TRANSACTIONS_PER_QUERY);
    const totalCount = capped.length;
    const pageCount = Math.max(1, Math.ceil(totalCount / pageSize));
    if (pageNumber > pageCount) {
      throw statusError(404, 'PAGE_NOT_FOUND', `Page ${pageNumber} is beyond the last page (${pageCount}).`);
    }
    const transactions = capped
      .slice((pageNumber - 1) * pageSize, pageNumber * pageSize)
      .map((t) => structuredClone(t));

    const link = (page: number) => this.transactionsLink(query, pageSize, page);
    const links: Record<string, string> = { first: link(1), last: link(pageCount) };
    if (pageNumber < pageCount) links.next = link(pageNumber + 1);
    if (pageNumber > 1) links.previous = link(pageNumber - 1);

    // 206 (partial success) when more transactions matched than one query returns.
    return {
      status: matching.length > MAX_TRANSACTIONS_PER_QUERY ? 206 : 200,
      body: { paginationDetails: { page: { pageSize, pageNumber, pageCount, totalCount }, links }, transactions },
    };
  }

  private validateTransactionQuery(query: URLSearchParams): {
    cardId?: string;
    accountId?: string;
    pageSize: number;
    pageNumber: number;
    start: Date;
    end: Date;
  } {
    const errors: ErrorItem[] = [];
    const single = (name: string): string | undefined => {
      const values = query.getAll(name);
      if (values.length > 1)
        errors.push(item('COD-4040', `${name} must be given once`, `${name} appears ${values.length} times.`));
      return values[0];
    };
    const identifier = (name: string): string | undefined => {
      const value = single(name);
      if (value !== undefined && !ID_PATTERN.test(value)) {
        errors.push(item('COD-4041', `${name} is malformed`, `${name} must be a non-empty identifier.`));
        return undefined;
      }
      return value;
    };
    const wholeNumber = (name: string, fallback: number, max: number): number => {
      const raw = single(name);
      if (raw === undefined) return fallback;
      const value = raw.trim() === '' ? Number.NaN : Number(raw);
      if (!Number.isInteger(value) || value < 1 || value > max) {
        const range =
          max === Number.MAX_SAFE_INTEGER ? 'a whole number of at least 1' : `a whole number from 1 to ${max}`;
        errors.push(item('COD-4042', `${name} is invalid`, `${name} must be ${range}.`));
        return fallback;
      }
      return value;
    };

    const cardId = identifier('cardId');
    const accountId = identifier('accountId');
    const rawCard = query.get('cardId');
    const rawAccount = query.get('accountId');
    if (rawCard === null && rawAccount === null) {
      // "Returns up to 500 transactions for a virtual card or for a card account": one of the two is needed.
      errors.push(item('COD-4043', 'cardId or accountId is required'));
    }
    const pageSize = wholeNumber('pageSize', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
    const pageNumber = wholeNumber('pageNumber', 1, Number.MAX_SAFE_INTEGER);

    const today = todayUtc();
    let start = addDays(today, -(MAX_WINDOW_DAYS - 1));
    let end = today;
    const rawStart = single('startDate');
    const rawEnd = single('endDate');
    if ((rawStart === undefined) !== (rawEnd === undefined)) {
      // "startDate and endDate must be sent together".
      errors.push(item('COD-4044', 'startDate and endDate must be sent together'));
    } else if (rawStart !== undefined && rawEnd !== undefined) {
      const s = parseDate(rawStart);
      const e = parseDate(rawEnd);
      if (s === null) errors.push(item('COD-4045', 'startDate is invalid', 'startDate must be a date YYYY-MM-DD.'));
      if (e === null) errors.push(item('COD-4045', 'endDate is invalid', 'endDate must be a date YYYY-MM-DD.'));
      if (s !== null && e !== null) {
        // "Each must be less than 18 months in the past, and the two may be at most 31 days apart."
        const oldest = subtractMonths(today, MAX_AGE_MONTHS);
        if (s <= oldest)
          errors.push(item('COD-4046', 'startDate is too old', 'It must be less than 18 months in the past.'));
        if (e <= oldest)
          errors.push(item('COD-4046', 'endDate is too old', 'It must be less than 18 months in the past.'));
        if (e < s) errors.push(item('COD-4047', 'endDate is before startDate'));
        else if (daysBetween(s, e) > MAX_WINDOW_DAYS) {
          errors.push(item('COD-4048', 'Date range too wide', 'startDate and endDate may be at most 31 days apart.'));
        }
        start = s;
        end = e;
      }
    }
    if (errors.length > 0) throw badRequest(errors);
    const out: { cardId?: string; accountId?: string; pageSize: number; pageNumber: number; start: Date; end: Date } = {
      pageSize,
      pageNumber,
      start,
      end,
    };
    if (cardId !== undefined) out.cardId = cardId;
    if (accountId !== undefined) out.accountId = accountId;
    return out;
  }

  /** Absolute links carrying the caller's filters, an explicit pageSize and the page asked. */
  private transactionsLink(query: URLSearchParams, pageSize: number, pageNumber: number): string {
    const params = new URLSearchParams();
    params.set('pageNumber', String(pageNumber));
    params.set('pageSize', String(pageSize));
    for (const name of ['accountId', 'cardId', 'startDate', 'endDate']) {
      const value = query.get(name);
      if (value !== null) params.set(name, value);
    }
    return `${this.baseUrl}/transactions?${params.toString()}`;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Start / stop
// ---------------------------------------------------------------------------------------------------------------

export async function startBlindService(): Promise<BlindService> {
  const store = seedStore(todayUtc());
  const token = `cod_${randomBytes(24).toString('base64url')}`;
  const walletProvisioning = false;

  const server: Server = createServer({ requestTimeout: 15_000, headersTimeout: 10_000 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}${BASE_PATH}`;
  const service = new CardOnDemandService(store, token, baseUrl, walletProvisioning);
  server.on('request', (req, res) => {
    void service.handle(req, res);
  });
  server.keepAliveTimeout = 5_000;

  const { fixtures } = store;
  const section: Record<string, unknown> = {
    baseUrl,
    token: '${BLIND_CARDS_TOKEN}',
    walletProvisioning,
    fixtures: {
      unassignedCards: fixtures.unassignedCards,
      assignedCards: fixtures.assignedCards,
      cardUsers: fixtures.cardUsers,
      historyAccountId: fixtures.historyAccountId,
      emptyAccountId: fixtures.emptyAccountId,
      manyAuthorizationsCardId: fixtures.manyAuthorizationsCardId,
      disposableAccountId: fixtures.disposableAccountId,
      disposableCardIds: fixtures.disposableCardIds,
    },
  };

  return {
    baseUrl,
    section,
    env: { BLIND_CARDS_TOKEN: token },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type AuthorizationsReading,
  documentTransactionsOperation,
  lastAuthorizations,
  refuseDocument,
  type TransactionsChoices,
} from './document-transactions.ts';
import { replyJson, requestBody, startLocalServer } from '../../support/local-server.ts';

/*
 * Card on demand written from document 2, part B alone (not from the reference): every operation of the
 * endpoints table, with the statuses of its errors row. Where the document lists several answers it takes the
 * one `choices` names (a target nobody here wrote may take either), and a multi-fault target plants the faults
 * `faults` names, each breaking one sentence of the document, all at once (among them the sequence-only ones of
 * `SequenceFaults`, for the stateful phases). Its disposable account (no transactions) may be unenrolled: its cards are
 * inaccessible afterwards.
 */

type Json = Record<string, unknown>;

export interface ServiceChoices {
  /** The status of a request without valid authentication where the row lists 403 (PATCH card's lists only 401). */
  unauthenticated?: 401 | 403;
  /** Where an IN_PROGRESS card shows its status: at the top level, or as cardDetails.status. */
  inProgressPlace?: 'status' | 'cardDetails';
  /** The status of a PATCH card naming a card user that does not exist (400 and 404 are both listed). */
  unknownBodyUser?: 400 | 404;
  /** The status of an id that cannot be one (the document gives ids no format; 400 and 404 are both listed). */
  malformedId?: 400 | 404;
  /** The form factor of every card: of the enumeration ("only VIRTUAL is currently supported" is observed). */
  formFactor?: 'PLASTIC' | 'VIRTUAL' | 'BOTH';
  /** The email type of every card user ("only PERSONAL currently supported" is observed). */
  emailType?: 'PERSONAL' | 'WORK' | 'ALTERNATE';
  /** The phone country code of every card user: three digits ("only the U.S. code supported" is observed). */
  phoneCountryCode?: string;
  /** Which authorizations of more than 100 are returned: the newest 50 of each outcome, or the newest 100 capped. */
  authorizations?: AuthorizationsReading;
  transactions?: TransactionsChoices;
}

export interface ServiceFaults {
  /** An IN_PROGRESS card returns its spendControls ("only cardId, accountId and status are returned"). */
  inProgressSpendControls?: boolean;
  /** DELETE account answers 400 for an account that does not exist (the id is in the path: not found). */
  deleteUnknown400?: boolean;
  /** GET authorizationnotifications takes any bearer token. */
  notificationsAnyBearer?: boolean;
}

/**
 * Faults of the kind only a sequence of requests shows (each single request behaves, the planned probes pass), for the
 * stateful phase's own proof: none by default.
 */
export interface SequenceFaults {
  /**
   * The answer of an accepted assignment is kept per card user, not per card (a memory keyed on the wrong field): a
   * later PATCH naming that user on a card that has another user is answered 200 from it, the card unchanged.
   */
  assignmentAnswerKeptPerUser?: boolean;
  /** A second DELETE of an unenrolled account enrols it again: its cards are readable again (a repeat resets state). */
  repeatedUnenrolmentRestores?: boolean;
}

export interface DocumentService {
  baseUrl: string;
  token: string;
  /** A cards section of a target entry for this service (the token as a ${VAR} placeholder). */
  section(tokenVariable: string): Json;
  close(): Promise<void>;
}

const statuses = ['IN_PROGRESS', 'ACTIVE', 'PREACTIVE', 'INACTIVE', 'EXPIRED', 'CANCELLED', 'UNSUCCESSFUL'] as const;
const userStatuses = ['ACTIVATED', 'VERIFICATION_PENDING', 'VERIFICATION_FAILED', 'DEACTIVATED'] as const;
const today = () => new Date().toISOString().slice(0, 10);
/** A status as a piece of an id (ids here are letters, digits and hyphens). */
const slug = (status: string) => status.toLowerCase().replaceAll('_', '-');

interface Card {
  cardId: string;
  accountId: string;
  status: string;
  cardUserId?: string;
}

const disposableAccountId = 'acct-disposable';
const disposableCardIds = ['disposable-1', 'disposable-2'] as const;

/** The rows of the errors table that list 403. */
const rowsWith403 = new Set(['GET card', 'GET card user', 'GET transactions', 'GET authorizations', 'DELETE account']);

export async function startDocumentService(
  choices: ServiceChoices = {},
  faults: ServiceFaults & SequenceFaults = {},
): Promise<DocumentService> {
  const token = 'document-service-token';
  const mount = '/cod/v1';
  const transactions = documentTransactionsOperation(mount, choices.transactions);
  const cards = new Map<string, Card>();
  for (const status of statuses)
    for (const n of [1, 2, 3])
      cards.set(`${slug(status)}-${n}`, { cardId: `${slug(status)}-${n}`, accountId: 'acct-history', status });
  for (const status of ['ACTIVE', 'PREACTIVE'])
    cards.set(`assigned-${slug(status)}`, {
      cardId: `assigned-${slug(status)}`,
      accountId: 'acct-history',
      status,
      cardUserId: 'user-holder',
    });
  for (const cardId of ['card-doc-1', 'card-doc-2'])
    cards.set(cardId, { cardId, accountId: 'acct-history', status: 'ACTIVE' });
  // The account a target entry may let the harness unenrol, and its cards.
  for (const cardId of disposableCardIds)
    cards.set(cardId, { cardId, accountId: disposableAccountId, status: 'ACTIVE', cardUserId: 'user-holder' });
  // The assigned cards' user is another ACTIVATED user than the fixture's, which the reassignment rule sends.
  const users = new Map<string, string>([
    ...userStatuses.map((status) => [`user-${slug(status)}`, status] as const),
    ['user-holder', 'ACTIVATED'],
  ]);
  // Account states: "DELETE account ... INACTIVE"; cards of an INACTIVE account are inaccessible.
  const accounts = new Map<string, 'ENROLLED' | 'INACTIVE'>(
    ['acct-history', 'acct-empty', disposableAccountId].map((accountId) => [accountId, 'ENROLLED']),
  );
  const accessible = (id: string) => {
    const card = cards.get(id);
    return card && accounts.get(card.accountId) !== 'INACTIVE' ? card : undefined;
  };
  // Only with the fault assignmentAnswerKeptPerUser: the answer of each user's last accepted assignment.
  const answerOf = new Map<string, Json>();
  const wellFormed = (id: string) => /^[A-Za-z0-9-]{1,64}$/.test(id);

  const cardRecord = (card: Card): Json => {
    if (card.status === 'IN_PROGRESS') {
      const status =
        choices.inProgressPlace === 'cardDetails' ? { cardDetails: { status: card.status } } : { status: card.status };
      return {
        cardId: card.cardId,
        accountId: card.accountId,
        ...status,
        ...(faults.inProgressSpendControls
          ? { spendControls: { currentAmount: '0.00', validFromDate: today(), validToDate: today() } }
          : {}),
      };
    }
    return {
      cardId: card.cardId,
      accountId: card.accountId,
      spendControls: { currentAmount: '250.00', validFromDate: today(), validToDate: today(), spendType: 'MULTI_USE' },
      cardDetails: {
        cardLastFive: '10001',
        expiryDate: '12-29',
        formFactor: choices.formFactor ?? 'VIRTUAL',
        cardReferenceId: `REF-${card.cardId}`,
        cardCreationDate: today(),
        status: card.status,
      },
      deliveryMethod: 'API_RESPONSE',
      ...(card.cardUserId ? { cardUserId: card.cardUserId } : {}),
    };
  };
  const userRecord = (cardUserId: string, status: string): Json => ({
    cardUserId,
    buyerId: 'buyer-1',
    name: { first: 'Ada', last: "O'Neil" },
    dateOfBirth: '1980-02-03',
    email: [{ type: choices.emailType ?? 'PERSONAL', emailAddress: 'ada@example.test' }],
    phone: [{ countryCode: choices.phoneCountryCode ?? '001', number: '5555550100', type: 'MOBILE' }],
    address: [
      {
        type: 'RESIDENCE',
        purpose: 'PRIMARY',
        line1: '1 Main Street',
        city: 'Springfield',
        state: 'NY',
        country: 'US',
        postalCode: '10001-0001',
      },
    ],
    status,
    expressConsentObtained: true,
    dateCreated: today(),
  });

  /** The card, user or account an id names, or the refusal already answered. */
  const lookup = <T>(
    res: ServerResponse,
    id: string,
    find: (id: string) => T | undefined,
    unknownStatus = 404,
    operation = '',
  ): T | undefined => {
    if (!wellFormed(id))
      return void refuseDocument(res, choices.malformedId ?? 400, 'INVALID_ID', 'not an id', operation);
    const found = find(id);
    if (found === undefined) refuseDocument(res, unknownStatus, 'NOT_FOUND', 'no such resource', operation);
    return found;
  };

  const patchCard = async (req: IncomingMessage, res: ServerResponse, cardId: string) => {
    const card = lookup(res, cardId, accessible);
    if (!card) return;
    let body: { cardUserId?: unknown; digitalWalletProvisionable?: unknown };
    try {
      body = JSON.parse((await requestBody(req)).toString('utf8')) as typeof body;
    } catch {
      return refuseDocument(res, 400, 'INVALID_BODY', 'the body is JSON');
    }
    if (typeof body?.cardUserId !== 'string') return refuseDocument(res, 400, 'INVALID_BODY', 'cardUserId is required');
    const userStatus = lookup(res, body.cardUserId, (id) => users.get(id), choices.unknownBodyUser ?? 404);
    if (!userStatus) return;
    const kept = faults.assignmentAnswerKeptPerUser ? answerOf.get(body.cardUserId) : undefined;
    if (card.cardUserId !== undefined && card.cardUserId !== body.cardUserId && kept) return replyJson(res, 200, kept);
    if (card.cardUserId !== undefined)
      return refuseDocument(res, 400, 'ASSIGNED', 'a card that has a card user cannot be reassigned');
    if (!['ACTIVE', 'PREACTIVE'].includes(card.status) || userStatus !== 'ACTIVATED')
      return refuseDocument(res, 400, 'INELIGIBLE', 'the card must be ACTIVE or PREACTIVE and the user ACTIVATED');
    // Not signed up for wallet provisioning: the field must be null.
    if (body.digitalWalletProvisionable !== null && body.digitalWalletProvisionable !== undefined)
      return refuseDocument(res, 400, 'INVALID_BODY', 'digitalWalletProvisionable must be null');
    card.cardUserId = body.cardUserId;
    const answer = { cardId: card.cardId, cardUserId: card.cardUserId, digitalWalletProvisionable: null };
    answerOf.set(card.cardUserId, answer);
    replyJson(res, 200, answer);
  };

  const routes: {
    operation: string;
    method: string;
    pattern: RegExp;
    handle(req: IncomingMessage, res: ServerResponse, url: URL, id: string): void | Promise<void>;
  }[] = [
    {
      operation: 'GET card',
      method: 'GET',
      pattern: /^\/cards\/([^/]+)$/,
      handle: (_req, res, _url, id) =>
        void ((card) => card && replyJson(res, 200, cardRecord(card)))(lookup(res, id, accessible)),
    },
    {
      operation: 'PATCH card',
      method: 'PATCH',
      pattern: /^\/cards\/([^/]+)$/,
      handle: (req, res, _url, id) => patchCard(req, res, id),
    },
    {
      operation: 'GET card user',
      method: 'GET',
      pattern: /^\/cardusers\/([^/]+)$/,
      handle: (_req, res, _url, id) =>
        void ((status) => status && replyJson(res, 200, userRecord(id, status)))(
          lookup(res, id, (userId) => users.get(userId)),
        ),
    },
    {
      operation: 'GET transactions',
      method: 'GET',
      pattern: /^\/transactions$/,
      handle: (_req, res, url) => {
        // The disposable account has no transactions: it is answered as the empty account is.
        if (url.searchParams.get('accountId') === disposableAccountId)
          url.searchParams.set('accountId', transactions.emptyAccountId);
        transactions.answer(url, res);
      },
    },
    {
      operation: 'GET authorizations',
      method: 'GET',
      pattern: /^\/authorizations$/,
      handle: (_req, res, url) => {
        const cardId = url.searchParams.get('cardId');
        if (cardId === null) return refuseDocument(res, 400, 'INVALID_REQUEST', 'cardId is required');
        if (lookup(res, cardId, accessible))
          replyJson(res, 200, {
            cardId,
            authorizationDetails: lastAuthorizations(transactions.authorizationsOf(cardId), choices.authorizations),
          });
      },
    },
    {
      operation: 'DELETE account',
      method: 'DELETE',
      pattern: /^\/accounts\/([^/]+)$/,
      handle: (_req, res, _url, id) => {
        const state = lookup(
          res,
          id,
          (accountId) => accounts.get(accountId),
          faults.deleteUnknown400 ? 400 : 404,
          'DELETE account',
        );
        if (!state) return;
        accounts.set(id, faults.repeatedUnenrolmentRestores && state === 'INACTIVE' ? 'ENROLLED' : 'INACTIVE');
        replyJson(res, 200, { accountId: id, status: 'INACTIVE' });
      },
    },
    {
      operation: 'GET authorizationnotifications',
      method: 'GET',
      pattern: /^\/authorizationnotifications$/,
      handle: (_req, res) => replyJson(res, 200, { notificationType: 'SUCCESSFUL_AUTH', cardId: 'card-doc-1' }),
    },
  ];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const path = url.pathname.startsWith(mount) ? url.pathname.slice(mount.length) : '';
    const route = routes.find((candidate) => candidate.method === req.method && candidate.pattern.test(path));
    const accepted =
      req.headers.authorization === `Bearer ${token}` ||
      (faults.notificationsAnyBearer &&
        route?.operation === 'GET authorizationnotifications' &&
        req.headers.authorization?.startsWith('Bearer '));
    if (!accepted)
      return refuseDocument(
        res,
        route && rowsWith403.has(route.operation) ? (choices.unauthenticated ?? 401) : 401,
        'UNAUTHENTICATED',
        'a valid bearer token is required',
      );
    if (!route) return refuseDocument(res, 404, 'NOT_FOUND', 'not served here');
    await route.handle(req, res, url, decodeURIComponent(route.pattern.exec(path)?.[1] ?? ''));
  };

  const server = await startLocalServer((req, res) => void handle(req, res));
  const baseUrl = `http://127.0.0.1:${server.port}${mount}`;
  const ids = (status: string) => [1, 2, 3].map((n) => `${slug(status)}-${n}`);
  return {
    baseUrl,
    token,
    section: (tokenVariable) => ({
      baseUrl,
      token: `\${${tokenVariable}}`,
      walletProvisioning: false,
      fixtures: {
        unassignedCards: Object.fromEntries(statuses.map((status) => [status, ids(status)])),
        assignedCards: { ACTIVE: 'assigned-active', PREACTIVE: 'assigned-preactive' },
        cardUsers: Object.fromEntries(userStatuses.map((status) => [status, `user-${slug(status)}`])),
        historyAccountId: transactions.historyAccountId,
        emptyAccountId: transactions.emptyAccountId,
        manyAuthorizationsCardId: 'card-doc-1',
        disposableAccountId,
        disposableCardIds: [...disposableCardIds],
      },
    }),
    close: server.close,
  };
}

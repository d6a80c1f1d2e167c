import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestBody, startLocalServer } from '../../support/local-server.ts';

/*
 * A small loyalty network written from document 2, part A (headers, the MAC and bearer forms, subscribe,
 * points-transfer orders, event notify, the 202 `{}` and the error body), independently of the bundled
 * reference: a second proof of the loyalty rules. Where the document leaves a choice open it makes one of its
 * own (403 for every refused credential, the mac in hex over a Hawk-like string and compared case-insensitively, client
 * ids without case,
 * a 60 s ts window, the demographics each program needs, event times in UTC only), and the target entry of the
 * self-test says so.
 */

export interface DocumentNetworkOptions {
  apiKey: string;
  macId: string;
  macSecret: string;
  bearerToken: string;
  /** The other allowed choices where the document leaves one open (docs/coverage.md, Readings, loyalty). */
  choices?: DocumentNetworkChoices;
}

/** Choices the document allows either way; the default of each is the other one. */
export interface DocumentNetworkChoices {
  /**
   * An event time is any RFC 3339 UTC time, its fraction optional and of any length (RFC 3339 and CloudEvents 0.3
   * allow it; the document writes "with nanoseconds"). Default: exactly nine digits.
   */
  anyTimeFraction?: boolean;
  /** A simulated order takes its requestor_order_id (the document does not say). Default: it stays free. */
  simulationTakesOrderId?: boolean;
  /**
   * Only the value the document says always to use is taken: currency_type POINTS and source Issuer ("Always use ...");
   * the other values of those enumerations are refused. Default: every value of the enumerations is taken.
   */
  onlyAlwaysUsedValues?: boolean;
  /**
   * Partner program codes of its own ("partner program codes are written as placeholders"): the entry's programCodes
   * name them. Default: the document's placeholders.
   */
  ownProgramCodes?: boolean;
  /**
   * A refused credential is answered 401 (a status the document does not list) with the JSON string "Unauthorized".
   * Default: 403 with the error body.
   */
  credentialsRefusedWith401?: boolean;
}

export interface DocumentNetwork {
  baseUrl: string;
  /** How far a MAC ts may be from this network's clock, either way. */
  windowMs: number;
  /** The partner program codes it takes: the document's placeholders, or its own (`ownProgramCodes`). */
  programCodes: string[];
  /** The demographic fields each partner program needs on an order (the document gives examples only). */
  mandatoryDemographics: Record<string, string[]>;
  close(): Promise<void>;
}

/**
 * Faults of the kind only a sequence of requests shows (each single request behaves), for the stateful phase's own
 * proof: none by default.
 */
export interface SequenceFaults {
  /**
   * Event notify looks a nonce up only among the nonces notify used: a nonce used on subscribe or transfer is accepted
   * again on notify (state kept in the wrong place).
   */
  notifyNoncesApart?: boolean;
  /** An order refused for a field of its body releases the requestor_order_id it carried (a refusal releasing state). */
  refusalReleasesOrderId?: boolean;
  /** A requestor_order_id is kept with the order's points_needed: another amount under it is accepted (a wrong key). */
  orderIdKeptWithAmount?: boolean;
  /** A simulated order that passed its checks marks its id as checked: a real order under it later skips the checks. */
  simulationPrevalidatesOrder?: boolean;
}

type Json = Record<string, unknown>;
const windowMs = 60_000;
const programs = [
  'PROGRAM_AIRLINE_1',
  'PROGRAM_AIRLINE_2',
  'PROGRAM_AIRLINE_3',
  'PROGRAM_AIRLINE_4',
  'PROGRAM_AIRLINE_5',
  'PROGRAM_AIRLINE_6',
  'PROGRAM_HOTEL_1',
  'PROGRAM_HOTEL_2',
  'PROGRAM_HOTEL_3',
];
/** A network's own partner program codes, for the placeholders the document writes ("of the form PARTNER_PROGRAM"). */
const ownPrograms = [
  'SKYWARD_MILES',
  'BLUE_SKIES',
  'CLOUD_CLUB',
  'JET_REWARDS',
  'WING_POINTS',
  'AERO_PLUS',
  'GRAND_STAYS',
  'HARBOUR_INNS',
  'MESA_HOTELS_AMERICAS',
];
const programsOf = (choices: DocumentNetworkChoices) => (choices.ownProgramCodes ? ownPrograms : programs);

/** Each program's mandatory demographics: the hotel programs (the last three) as the document's examples say. */
function demographicsOf(choices: DocumentNetworkChoices): Record<string, string[]> {
  const codes = programsOf(choices);
  return {
    ...Object.fromEntries(codes.map((program) => [program, ['LAST_NAME']])),
    // "first name, e-mail, address, state and country for some hotel programs, address and city only for the Americas
    // region of one".
    [codes[6] as string]: ['FIRST_NAME', 'LAST_NAME', 'EMAIL', 'ADDR_LINE_1', 'STATE', 'COUNTRY'],
    [codes[8] as string]: ['ADDR_LINE_1', 'CITY'],
  };
}
const demographicFields = [
  'TITLE',
  'FIRST_NAME',
  'MIDDLE_NAME',
  'LAST_NAME',
  'DOB',
  'GENDER',
  'EMAIL',
  'LANGUAGE',
  'ADDR_LINE_1',
  'ADDR_LINE_2',
  'ADDR_LINE_3',
  'CITY',
  'STATE',
  'POSTAL_CODE',
  'COUNTRY',
  'TELEPHONE',
];
const sources = ['lty-data-press', 'Issuer', 'Servicing', 'Web', 'Mobile'];
const eventTypes = [
  'lty.v1.acquisition',
  'lty.v1.benefitEnrolled',
  'lty.v1.partner.award',
  'lty.demographic.replaced',
  'lty.v1.cancellation',
  'lty.v1.productTransfer',
  'lty.v1.reinstatement',
];

class Invalid extends Error {}
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function requireString(body: Json, key: string): void {
  if (typeof body[key] !== 'string') throw new Invalid(`${key} is required as a string`);
}
function optionalString(body: Json, key: string): void {
  if (body[key] !== undefined && typeof body[key] !== 'string') throw new Invalid(`${key} must be a string`);
}
function networkInfo(value: unknown, key: string): void {
  if (!isObject(value)) throw new Invalid(`${key} is required`);
  requireString(value, 'institution_id');
  optionalString(value, 'network_id');
}
function demographics(value: unknown, key: string): Json {
  if (value === undefined) return {};
  if (!isObject(value)) throw new Invalid(`${key} must be an object`);
  for (const field of demographicFields) optionalString(value, field);
  return value;
}
function amount(value: unknown, key: string, choices: DocumentNetworkChoices): void {
  if (value === undefined) return;
  if (!isObject(value)) throw new Invalid(`${key} must be an Amount`);
  if (typeof value.value !== 'number' || !Number.isFinite(value.value))
    throw new Invalid(`${key}.value must be a number`);
  if (!(choices.onlyAlwaysUsedValues ? ['POINTS'] : ['POINTS', 'CASH', 'GIFT']).includes(value.currency_type as string))
    throw new Invalid(`${key}.currency_type must be POINTS, CASH or GIFT`);
  if (typeof value.currency_code !== 'string' || !/^[A-Z]{3}$/.test(value.currency_code))
    throw new Invalid(`${key}.currency_code must be a 3-letter ISO code`);
  optionalString(value, 'currency_description');
}
/** A date and time that exist, written back the same by the calendar. */
function realInstant(date: string, time: string, fraction: string): boolean {
  const iso = `${date}T${time}.${fraction.slice(0, 3).padEnd(3, '0')}Z`;
  const parsed = new Date(iso);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString() === iso;
}
function orderDateTime(value: unknown): void {
  const match = typeof value === 'string' ? /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})\.(\d{3})Z$/.exec(value) : null;
  if (!match || !realInstant(match[1] as string, match[2] as string, match[3] as string))
    throw new Invalid("order_date_time must be yyyy-MM-dd'T'HH:mm:ss.SSS'Z'");
}
/**
 * "Event initiation time in UTC, RFC 3339 with nanoseconds": any RFC 3339 way of writing UTC (Z, z, +00:00); another
 * offset is refused.
 */
function nanosecondTime(value: unknown, choices: DocumentNetworkChoices): void {
  const form = choices.anyTimeFraction
    ? /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|z|\+00:00)$/
    : /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})\.(\d{9})(Z|z|\+00:00)$/;
  const match = typeof value === 'string' ? form.exec(value) : null;
  if (!match || !realInstant(match[1] as string, match[2] as string, match[3] ?? '0'))
    throw new Invalid('time must be UTC, RFC 3339 with nanoseconds');
}

function validSubscription(body: Json, _choices: DocumentNetworkChoices): void {
  networkInfo(body.network_info, 'network_info');
  requireString(body, 'instrument_id');
  optionalString(body, 'benefit_id');
  if (body.external_benefit !== undefined) {
    if (!isObject(body.external_benefit)) throw new Invalid('external_benefit must be an object');
    optionalString(body.external_benefit, 'id');
    optionalString(body.external_benefit, 'system');
  }
  if (body.benefit_id === undefined && body.external_benefit === undefined)
    throw new Invalid('benefit_id is required when external_benefit is not used');
  optionalString(body, 'program_account_id');
  demographics(body.demographic, 'demographic');
}

function validOrder(body: Json, choices: DocumentNetworkChoices): void {
  for (const key of ['requestor_order_id', 'instrument_id', 'program_account_id']) requireString(body, key);
  orderDateTime(body.order_date_time);
  if (!programsOf(choices).includes(body.program_code as string))
    throw new Invalid('program_code is not a partner program');
  networkInfo(body.network, 'network');
  optionalString(body, 'program_bonus_code');
  amount(body.points_needed, 'points_needed', choices);
  amount(body.partner_point_value, 'partner_point_value', choices);
  const given = demographics(body.demographics, 'demographics');
  const missing = (demographicsOf(choices)[body.program_code as string] ?? []).filter(
    (field) => typeof given[field] !== 'string',
  );
  if (missing.length > 0) throw new Invalid(`${body.program_code as string} needs demographics ${missing.join(', ')}`);
  if (body.simulation !== undefined && typeof body.simulation !== 'boolean')
    throw new Invalid('simulation must be a boolean');
}

function validNotification(body: Json, choices: DocumentNetworkChoices): void {
  if (!(choices.onlyAlwaysUsedValues ? ['Issuer'] : sources).includes(body.source as string))
    throw new Invalid('source is not one of the enumeration');
  if (!eventTypes.includes(body.type as string)) throw new Invalid('type is not one of the enumeration');
  nanosecondTime(body.time, choices);
  if (!isObject(body.data)) throw new Invalid('data is required');
  if (!['SUCCESS', 'FAILURE'].includes(body.data.code as string))
    throw new Invalid('data.code must be SUCCESS or FAILURE');
  for (const key of ['program_account_id', 'reason_code', 'description', 'developer_message'])
    optionalString(body.data, key);
  if (body.specversion !== undefined && body.specversion !== '0.3') throw new Invalid('specversion is 0.3');
  optionalString(body, 'id');
  optionalString(body, 'requestor_order_id');
}

const operations: Record<
  string,
  { validate: (body: Json, choices: DocumentNetworkChoices) => void; senderAndKeyname: boolean }
> = {
  '/benefits/subscription': { validate: validSubscription, senderAndKeyname: true },
  '/redemption_types/points_transfer/orders': { validate: validOrder, senderAndKeyname: true },
  '/v1/event/notify': { validate: validNotification, senderAndKeyname: false },
};

const notifyPath = '/v1/event/notify';

export async function startDocumentNetwork(
  options: DocumentNetworkOptions,
  faults: SequenceFaults = {},
): Promise<DocumentNetwork> {
  /** Used nonces, each with the operation path that used it first. */
  const nonces = new Map<string, string>();
  const onNotify = (path: string | undefined) => path?.split('?')[0]?.endsWith(notifyPath) ?? false;
  const nonceUsed = (nonce: string, path: string) =>
    nonces.has(nonce) && (!faults.notifyNoncesApart || !onNotify(path) || onNotify(nonces.get(nonce)));
  const orderIds = new Set<string>();
  // The simulated orders' ids (only the simulation fault reads them).
  const simulatedIds = new Set<string>();
  const orderKey = (body: Json) =>
    faults.orderIdKeptWithAmount
      ? `${body.requestor_order_id as string} ${JSON.stringify(body.points_needed)}`
      : (body.requestor_order_id as string);
  const mount = '/lty';
  const choices = options.choices ?? {};

  const reply = (res: ServerResponse, status: number, body: Json) => {
    const payload = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) });
    res.end(payload);
  };
  const refuse = (res: ServerResponse, status: number, errorCode: string, message: string) =>
    reply(res, status, { error_code: errorCode, user_message: message, developer_message: message });
  /** A refused credential: 403 with the error body, or (a choice) 401 with a JSON string. */
  const refuseCredential = (res: ServerResponse, errorCode: string, message: string) => {
    if (!choices.credentialsRefusedWith401) return refuse(res, 403, errorCode, message);
    res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
    res.end(JSON.stringify('Unauthorized'));
  };

  /** Why an Authorization value is refused, or undefined when it is good (a good MAC's nonce is spent). */
  const authorizationFault = (value: string, req: IncomingMessage, path: string, body: Buffer): string | undefined => {
    if (value.startsWith('Bearer ')) {
      const token = Buffer.from(value.slice('Bearer '.length));
      const expected = Buffer.from(options.bearerToken);
      return token.length === expected.length && timingSafeEqual(token, expected)
        ? undefined
        : 'bearer token not issued';
    }
    const form = /^MAC (.+)$/.exec(value);
    if (!form) return 'neither the MAC nor the bearer form';
    const parts = new Map<string, string>();
    for (const pair of (form[1] as string).split(',')) {
      const at = pair.indexOf('=');
      if (at > 0) parts.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const [id, ts, nonce, bodyhash, mac] = ['id', 'ts', 'nonce', 'bodyhash', 'mac'].map((name) => parts.get(name));
    if (!id || !ts || !nonce || !bodyhash || !mac) return 'a MAC part is missing';
    // Client ids are looked up without case (the document does not say either way).
    if (id.toLowerCase() !== options.macId.toLowerCase()) return 'unknown client id';
    if (!/^\d+$/.test(ts) || Math.abs(Date.now() - Number(ts)) > windowMs) return 'ts outside the window';
    // Hex is compared case-insensitively: the same value in either case.
    if (bodyhash.toLowerCase() !== createHash('sha256').update(body).digest('hex'))
      return 'bodyhash is not the hash of the body';
    const host = (req.headers.host ?? '').split(':');
    const signed = [
      ts,
      nonce,
      (req.method ?? '').toUpperCase(),
      path,
      (host[0] ?? '').toLowerCase(),
      host[1] ?? '80',
      bodyhash,
    ]
      .map((part) => `${part}\n`)
      .join('');
    const expected = Buffer.from(createHmac('sha256', options.macSecret).update(signed).digest('hex'));
    const sent = Buffer.from(mac.toLowerCase());
    if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return 'mac does not verify';
    if (nonceUsed(nonce, path)) return 'nonce already used';
    if (!nonces.has(nonce)) nonces.set(nonce, path);
    return undefined;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await requestBody(req);
    const url = req.url ?? '/';
    const path = url.startsWith(mount) ? url.slice(mount.length) : url;
    const operation = operations[path.split('?')[0] as string];
    if (!operation || req.method !== 'POST') return refuse(res, 404, 'NOT_FOUND', 'No such operation');
    const header = (name: string) =>
      typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined;
    const apiKey = header('x-net-api-key');
    if (apiKey === undefined || apiKey !== options.apiKey)
      return refuseCredential(res, 'INVALID_API_KEY', 'X-NET-API-KEY is missing or not issued');
    const authorization = header('authorization');
    if (authorization === undefined) return refuseCredential(res, 'UNAUTHORIZED', 'Authorization is required');
    // correlation_id may be empty (direct browser or app calls), never absent.
    if (header('correlation_id') === undefined) return refuse(res, 400, 'MISSING_HEADER', 'correlation_id is required');
    if (operation.senderAndKeyname && (!header('sender') || !header('keyname')))
      return refuse(res, 400, 'MISSING_HEADER', 'sender and keyname are required');
    // The mac is computed over the path from the loyalty base address's origin, as sent.
    const fault = authorizationFault(authorization, req, url, raw);
    if (fault) return refuseCredential(res, 'UNAUTHORIZED', fault);
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return refuse(res, 400, 'INVALID_JSON', 'The body is not JSON');
    }
    if (!isObject(body)) return refuse(res, 400, 'INVALID_BODY', 'The body is a JSON object');
    const prevalidated =
      faults.simulationPrevalidatesOrder &&
      operation.validate === validOrder &&
      body.simulation !== true &&
      simulatedIds.has(orderKey(body));
    try {
      if (!prevalidated) operation.validate(body, choices);
    } catch (error) {
      if (!(error instanceof Invalid)) throw error;
      if (faults.refusalReleasesOrderId && operation.validate === validOrder) orderIds.delete(orderKey(body));
      return refuse(res, 400, 'INVALID_FIELD', error.message);
    }
    if (operation.validate === validOrder) {
      const orderId = orderKey(body);
      if (orderIds.has(orderId)) return refuse(res, 409, 'DUPLICATE_ORDER', 'requestor_order_id was used before');
      // A simulated order is validated only: it creates nothing, so its id stays free (unless the choice says not).
      if (body.simulation !== true || choices.simulationTakesOrderId) orderIds.add(orderId);
      if (body.simulation === true) simulatedIds.add(orderId);
    }
    reply(res, 202, {});
  };

  const server = await startLocalServer((req, res) => {
    handle(req, res).catch(() => refuse(res, 500, 'INTERNAL', 'Internal error'));
  });
  return {
    baseUrl: `http://127.0.0.1:${server.port}${mount}`,
    windowMs,
    programCodes: programsOf(choices),
    mandatoryDemographics: demographicsOf(choices),
    close: server.close,
  };
}

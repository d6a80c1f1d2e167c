import { judged } from '../../../checks/judged.ts';
import { describe, expect, test } from 'vitest';
import { RuleBlocked } from '../../../../engine/rule-blocked.ts';
import { detailEnvelope } from '../../../../suites/cdr/checks/detail-envelope.ts';
import { detailIsListed } from '../../../../suites/cdr/checks/detail-is-listed.ts';
import { errorStableTitle } from '../../../../suites/cdr/checks/error-stable-title.ts';
import { errorUrn } from '../../../../suites/cdr/checks/error-urn.ts';
import { errorV2Bodies } from '../../../../suites/cdr/checks/error-v2-bodies.ts';
import { errorV2Refusal } from '../../../../suites/cdr/checks/error-v2-refusal.ts';
import { pageDefault } from '../../../../suites/cdr/checks/page-default.ts';
import { productRecords } from '../../../../suites/cdr/checks/product-records.ts';
import { statusCondition } from '../../../../suites/cdr/checks/status-condition.ts';
import { versionNegotiation } from '../../../../suites/cdr/checks/version-negotiation.ts';
import { exchange, jsonExchange } from '../../../checks/exchanges.ts';
import { violationOf } from '../../../checks/violation.ts';
import { correctPages, tenProducts } from './synthetic-list.ts';

const rule = 'test.rule';
const error = (code: string, title = 'Invalid Field', extra: Record<string, unknown> = {}) => ({
  errors: [{ code, title, detail: 'this time', ...extra }],
});
const standard = 'urn:au-cds:error:cds-all:Field/Invalid';

describe('error-v2-refusal and version-negotiation', () => {
  test('the expected status with an ErrorV2 list passes; any 4xx when none is pinned', () => {
    judged(errorV2Refusal, rule)(jsonExchange(400, error(standard)), 400);
    judged(errorV2Refusal, rule)(jsonExchange(422, error(standard)), null);
  });
  test("another status or a 5xx fail; a body without errors or a title is cdr.error.shape's, which blocks the refusal rule", () => {
    violationOf(() => judged(errorV2Refusal, rule)(jsonExchange(406, error(standard)), 400), rule);
    violationOf(() => judged(errorV2Refusal, rule)(jsonExchange(500, error(standard)), null), rule);
    for (const body of [{ code: standard }, { errors: [{ code: standard, detail: 'x' }] }, { errors: [] }]) {
      expect(() => judged(errorV2Refusal, rule)(jsonExchange(400, body), 400)).toThrow(RuleBlocked);
      expect(() => judged(errorV2Refusal, rule)(jsonExchange(400, body), 400)).toThrow(/blocked by cdr.error.shape/);
    }
  });
  test('served is 200; refused is 406 with ErrorV2', () => {
    judged(versionNegotiation, rule)({ exchange: jsonExchange(200, {}), expect: 'served' });
    judged(versionNegotiation, rule)({ exchange: jsonExchange(406, error(standard)), expect: 'refused' });
    violationOf(
      () => judged(versionNegotiation, rule)({ exchange: jsonExchange(406, error(standard)), expect: 'served' }),
      rule,
    );
    violationOf(() => judged(versionNegotiation, rule)({ exchange: jsonExchange(200, {}), expect: 'refused' }), rule);
  });
});

describe('error-v2-bodies, error-urn, error-stable-title', () => {
  test('every error status is judged; successes are skipped', () => {
    expect(
      judged(
        errorV2Bodies,
        rule,
      )([jsonExchange(200, {}), jsonExchange(404, error('APP-1', 'Gone', { meta: { urn: standard } }))]).observations,
    ).toEqual({ 'error statuses seen': '404' });
    violationOf(() => judged(errorV2Bodies, rule)([jsonExchange(500, { message: 'oops' })]), rule);
    violationOf(() => judged(errorV2Bodies, rule)([exchange({ status: 404, body: 'not json' })]), rule);
  });
  test('an application code needs meta.urn, a URN; a standard code does not', () => {
    judged(
      errorUrn,
      rule,
    )([jsonExchange(400, error(standard)), jsonExchange(404, error('APP-1', 'Gone', { meta: { urn: standard } }))]);
    violationOf(() => judged(errorUrn, rule)([jsonExchange(404, error('APP-1'))]), rule);
    violationOf(
      () => judged(errorUrn, rule)([jsonExchange(404, error('APP-1', 'Gone', { meta: { urn: 'Resource/NotFound' } }))]),
      rule,
    );
  });
  test('the same condition keeps its title; only the detail may change', () => {
    judged(
      errorStableTitle,
      rule,
    )([
      {
        condition: 'page 0',
        exchanges: [
          jsonExchange(400, error(standard)),
          jsonExchange(400, { errors: [{ code: standard, title: 'Invalid Field', detail: 'other' }] }),
        ],
      },
    ]);
    violationOf(
      () =>
        judged(
          errorStableTitle,
          rule,
        )([
          {
            condition: 'page 0',
            exchanges: [
              jsonExchange(400, error(standard)),
              jsonExchange(400, error(standard, 'Invalid Field: page -3')),
            ],
          },
        ]),
      rule,
    );
  });
});

describe('status-condition', () => {
  const status = (data: Record<string, unknown>) =>
    jsonExchange(200, {
      data: { updateTime: '2026-01-01T00:00:00Z', ...data },
      links: { self: 'https://holder.example/cdr/v1/discovery/status' },
    });
  test('each status with its fields passes every rule', () => {
    const answers = [
      status({ status: 'OK' }),
      status({
        status: 'PARTIAL_FAILURE',
        explanation: 'slow',
        detectionTime: '2026-01-01T00:00:00Z',
        expectedResolutionTime: '2026-01-02T00:00:00Z',
      }),
      status({
        status: 'SCHEDULED_OUTAGE',
        explanation: 'maintenance',
        expectedResolutionTime: '2026-01-02T00:00:00Z',
      }),
      status({ status: 'UNAVAILABLE', explanation: 'down' }),
    ];
    for (const id of ['cdr.status.record', 'cdr.status.explanation-when-not-ok'] as const) {
      expect(judged(statusCondition, id)(answers).observations).toMatchObject({
        'statuses reported': 'OK, PARTIAL_FAILURE, SCHEDULED_OUTAGE, UNAVAILABLE',
      });
    }
  });
  test('the SHOULD sentences of the standard are observed, never judged', () => {
    const answers = [
      status({ status: 'SCHEDULED_OUTAGE', explanation: 'x', detectionTime: '2026-01-01T00:00:00Z' }),
      status({ status: 'OK', expectedResolutionTime: '2026-01-01T00:00:00Z' }),
    ];
    expect(judged(statusCondition, 'cdr.status.record')(answers).observations?.['optional times given']).toEqual([
      'detectionTime with SCHEDULED_OUTAGE (the standard: should only be present with PARTIAL_FAILURE or UNAVAILABLE)',
      'expectedResolutionTime with OK (the standard: should not be present with OK)',
    ]);
  });
  test('each breach fails its own rule only', () => {
    const cases = [
      ['cdr.status.record', status({ status: 'DEGRADED', explanation: 'x' })],
      ['cdr.status.explanation-when-not-ok', status({ status: 'UNAVAILABLE' })],
    ] as const;
    for (const [id, answer] of cases) {
      violationOf(() => judged(statusCondition, id)([answer]), id);
      for (const [other] of cases.filter(([candidate]) => candidate !== id)) judged(statusCondition, other)([answer]);
    }
  });
});

describe('records, detail and page default', () => {
  const item = {
    productId: 'p1',
    lastUpdated: '2026-01-01T00:00:00Z',
    productCategory: 'LEASES',
    name: 'n',
    description: 'd',
    brand: 'b',
    isTailored: false,
  };
  test('product-records judges only the rule under test', () => {
    const broken = {
      ...item,
      cardArt: [{ cardScheme: 'AMEX', cardType: 'PREPAID', imageUri: 'https://x.example/a.png' }],
    };
    judged(
      productRecords,
      'cdr.product.list-item',
    )([{ exchange: jsonExchange(200, {}), record: broken, kind: 'list', version: 5 }]);
    violationOf(
      () =>
        judged(
          productRecords,
          'cdr.product.card-art',
        )([{ exchange: jsonExchange(200, {}), record: broken, kind: 'list', version: 5 }]),
      'cdr.product.card-art',
    );
  });
  test('detail-is-listed: equal list fields pass; a changed one or a 404 fails', () => {
    const detail = (data: Record<string, unknown>, status = 200) =>
      jsonExchange(status, { data, links: { self: 'https://x.example/p1' } });
    judged(
      detailIsListed,
      rule,
    )({ listed: item, listExchange: jsonExchange(200, {}), detail: detail({ ...item, fees: [] }) });
    violationOf(
      () =>
        judged(
          detailIsListed,
          rule,
        )({ listed: item, listExchange: jsonExchange(200, {}), detail: detail({ ...item, name: 'other' }) }),
      rule,
    );
    violationOf(
      () =>
        judged(detailIsListed, rule)({ listed: item, listExchange: jsonExchange(200, {}), detail: detail({}, 404) }),
      rule,
    );
  });
  test('detail-is-listed compares only what both served versions define and can express', () => {
    const at = (version: number, body: unknown) => jsonExchange(200, body, { 'x-v': String(version) });
    const art = { title: 'Card', imageUri: 'https://x.example/a.png' };
    // List x-v 5 (BankingProductV6) gives brandGroup and cardArt scheme and type; detail x-v 4 (BankingProductDetailV4)
    // defines neither.
    const listed = {
      ...item,
      productCategory: 'CRED_AND_CHRG_CARDS',
      brandGroup: 'Group',
      cardArt: [{ ...art, cardScheme: 'VISA', cardType: 'CREDIT' }],
    };
    const older = judged(
      detailIsListed,
      rule,
    )({
      listed,
      listExchange: at(5, {}),
      detail: at(4, { data: { ...item, productCategory: 'CRED_AND_CHRG_CARDS', cardArt: [art] } }),
    });
    expect(JSON.stringify(older.observations)).toContain('brandGroup');
    violationOf(
      () =>
        judged(
          detailIsListed,
          rule,
        )({
          listed,
          listExchange: at(5, {}),
          detail: at(4, {
            data: { ...item, productCategory: 'CRED_AND_CHRG_CARDS', cardArt: [{ ...art, title: 'Other' }] },
          }),
        }),
      rule,
    );
    // List x-v 4 cannot say BUY_NOW_PAY_LATER (BankingProductV5); detail x-v 7 can: not compared, observed.
    const bnpl = judged(
      detailIsListed,
      rule,
    )({
      listed: item,
      listExchange: at(4, {}),
      detail: at(7, { data: { ...item, productCategory: 'BUY_NOW_PAY_LATER' } }),
    });
    expect(JSON.stringify(bnpl.observations)).toContain('productCategory');
    violationOf(
      () =>
        judged(
          detailIsListed,
          rule,
        )({
          listed: item,
          listExchange: at(5, {}),
          detail: at(7, { data: { ...item, productCategory: 'BUY_NOW_PAY_LATER' } }),
        }),
      rule,
    );
  });
  test('detail-envelope: self only, fully qualified, meta optional', () => {
    judged(detailEnvelope, rule)(jsonExchange(200, { data: item, links: { self: 'https://x.example/p1' } }));
    judged(detailEnvelope, rule)(jsonExchange(200, { data: item, links: { self: 'https://x.example/p1' }, meta: {} }));
    violationOf(
      () =>
        judged(
          detailEnvelope,
          rule,
        )(jsonExchange(200, { data: item, links: { self: 'https://x.example/p1', next: 'https://x.example/p2' } })),
      rule,
    );
    violationOf(() => judged(detailEnvelope, rule)(jsonExchange(200, { data: item, links: { self: '/p1' } })), rule);
    violationOf(() => judged(detailEnvelope, rule)(jsonExchange(200, { data: item })), rule);
  });
  test('page-default: the same products as page=1 pass; page 2 fails', () => {
    const [one, two] = correctPages(tenProducts, 3);
    judged(pageDefault, rule)({ withoutPage: jsonExchange(200, one), pageOne: jsonExchange(200, one) });
    violationOf(
      () => judged(pageDefault, rule)({ withoutPage: jsonExchange(200, two), pageOne: jsonExchange(200, one) }),
      rule,
    );
  });
});

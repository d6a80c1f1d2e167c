import { judged } from './judged.ts';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import type { ParsedProduct } from '../../rules/billing/adapters/adapter.ts';
import type { ProductDraft } from '../../rules/billing/adapters/model.ts';
import { gzipRequestEquivalence } from '../../checks/gzip-request-equivalence.ts';
import { idempotentReplay } from '../../checks/idempotent-replay.ts';
import { orgScopeVisibility } from '../../suites/billing/checks/org-scope-visibility.ts';
import { pricingResolution } from '../../suites/billing/checks/pricing-resolution.ts';
import { productCreated } from '../../suites/billing/checks/product-created.ts';
import { querySideEffectFree } from '../../suites/billing/checks/query-side-effect-free.ts';
import { tokenReusable } from '../../suites/billing/checks/token-reusable.ts';
import { type ChargeReading, updateTargetsBodyId } from '../../suites/billing/checks/update-targets-body-id.ts';
import { exchange, failedExchange, jsonExchange } from './exchanges.ts';
import { violationOf } from './violation.ts';

const rule = 'test.rule';
const idOf = (body: unknown) => z.object({ id: z.string() }).parse(body).id;

describe('idempotent-replay', () => {
  test('every retry naming the same resource passes', () => {
    const retries = [
      jsonExchange(200, { id: 'c-1' }),
      jsonExchange(200, { id: 'c-1' }),
      jsonExchange(201, { id: 'c-1' }),
    ];
    expect(judged(idempotentReplay, rule)(retries, idOf)).toEqual({ ruleId: rule, observations: { requests: 3 } });
  });
  test('two resources is a violation with the first and a differing exchange', () => {
    const retries = [
      jsonExchange(200, { id: 'c-1' }),
      jsonExchange(200, { id: 'c-1' }),
      jsonExchange(200, { id: 'c-2' }),
    ];
    const violation = violationOf(() => judged(idempotentReplay, rule)(retries, idOf), rule, [
      retries[0]!,
      retries[2]!,
    ]);
    expect(violation.message).toContain('2 resources');
    expect(violation.message).toContain('c-1, c-2');
  });
  test('a non-2xx retry is a violation on that exchange', () => {
    const retries = [jsonExchange(200, { id: 'c-1' }), jsonExchange(409, { id: 'c-1' })];
    expect(violationOf(() => judged(idempotentReplay, rule)(retries, idOf), rule, [retries[1]!]).message).toContain(
      '409',
    );
  });
  test("a late retry must name the resource the key's first use created, earlier in the run", () => {
    expect(judged(idempotentReplay, rule)([jsonExchange(200, { id: 'c-1' })], idOf, 'c-1').ruleId).toBe(rule);
    const forgot = [jsonExchange(200, { id: 'c-9' })];
    expect(violationOf(() => judged(idempotentReplay, rule)(forgot, idOf, 'c-1'), rule, forgot).message).toContain(
      'first use created c-1',
    );
  });
  test('a body without the id is a violation naming the zod path', () => {
    const retries = [jsonExchange(200, { name: 'x' })];
    expect(violationOf(() => judged(idempotentReplay, rule)(retries, idOf), rule, retries).message).toContain('id:');
  });
  test('a failed retry is a violation', () => {
    const failed = failedExchange('CONNECTION_RESET');
    violationOf(() => judged(idempotentReplay, rule)([jsonExchange(200, { id: 'c-1' }), failed], idOf), rule, [failed]);
  });
});

describe('pricing-resolution', () => {
  const usd = { currency: 'USD', amount: 7.5 };
  test('a pricing among the acceptable ones passes', () => {
    expect(
      judged(pricingResolution, rule)({ exchange: exchange(), resolved: { ...usd } }, [
        { currency: 'EUR', amount: 1 },
        usd,
      ]),
    ).toEqual({ ruleId: rule });
  });
  test('another pricing, or none, is a violation', () => {
    const query = exchange();
    const violation = violationOf(
      () => judged(pricingResolution, rule)({ exchange: query, resolved: { currency: 'USD', amount: 7.49 } }, [usd]),
      rule,
      [query],
    );
    expect(violation.message).toContain('7.49');
    expect(violation.message).toContain(JSON.stringify(usd));
    violationOf(
      () => judged(pricingResolution, rule)({ exchange: query, resolved: { currency: 'EUR', amount: 7.5 } }, [usd]),
      rule,
    );
    violationOf(() => judged(pricingResolution, rule)({ exchange: query, resolved: null }, [usd]), rule);
    violationOf(() => judged(pricingResolution, rule)({ exchange: query, resolved: usd }, []), rule);
  });
});

describe('query-side-effect-free', () => {
  test('no observations, or equal answers, pass', () => {
    expect(judged(querySideEffectFree, rule)([])).toEqual({ ruleId: rule });
    const answers = [1, 2, 3].map(() => ({
      exchange: exchange(),
      answer: { pricing: { currency: 'USD', amount: 1 }, rows: [1, 2] },
    }));
    expect(judged(querySideEffectFree, rule)(answers)).toEqual({ ruleId: rule, observations: { repetitions: 3 } });
  });
  test('a changed answer is a violation with the first and the changed exchange', () => {
    const first = { exchange: exchange(), answer: { amount: 1 } };
    const same = { exchange: exchange(), answer: { amount: 1 } };
    const changed = { exchange: exchange(), answer: { amount: 2 } };
    violationOf(() => judged(querySideEffectFree, rule)([first, same, changed]), rule, [
      first.exchange,
      changed.exchange,
    ]);
  });
});

describe('update-targets-body-id', () => {
  const oldPricing = { currency: 'USD', amount: 1 };
  const newPricing = { currency: 'USD', amount: 2 };
  const reading = (pricing: ChargeReading['pricing'], state: unknown): ChargeReading => ({
    exchange: exchange(),
    pricing,
    state,
  });
  const update = exchange();

  test('the named charge updated and the other unchanged passes', () => {
    expect(
      judged(updateTargetsBodyId, rule)(
        {
          update,
          targetAfter: reading(newPricing, {}),
          bystander: { before: reading(oldPricing, { name: 'a' }), after: reading(oldPricing, { name: 'a' }) },
        },
        newPricing,
      ),
    ).toEqual({ ruleId: rule });
  });
  test('the named charge not updated is a violation', () => {
    const targetAfter = reading(oldPricing, {});
    const violation = violationOf(
      () =>
        judged(updateTargetsBodyId, rule)(
          { update, targetAfter, bystander: { before: reading(oldPricing, {}), after: reading(oldPricing, {}) } },
          newPricing,
        ),
      rule,
      [update, targetAfter.exchange],
    );
    expect(violation.message).toContain('still resolves');
  });
  test('a bystander whose state or pricing changed is a violation', () => {
    const bystander = { before: reading(oldPricing, { name: 'a' }), after: reading(oldPricing, { name: 'b' }) };
    const violation = violationOf(
      () => judged(updateTargetsBodyId, rule)({ update, targetAfter: reading(newPricing, {}), bystander }, newPricing),
      rule,
      [update, bystander.before.exchange, bystander.after.exchange],
    );
    expect(violation.message).toContain('not named');
    violationOf(
      () =>
        judged(updateTargetsBodyId, rule)(
          {
            update,
            targetAfter: reading(newPricing, {}),
            bystander: { before: reading(oldPricing, {}), after: reading(newPricing, {}) },
          },
          newPricing,
        ),
      rule,
    );
  });
});

describe('product-created', () => {
  const pricing = { currency: 'USD', amount: 1 };
  const draft: ProductDraft = {
    name: 'p',
    plans: [
      {
        name: 'a',
        charges: [
          { name: 'u', model: 'usage', pricing },
          { name: 'r', model: 'recurring', pricing },
        ],
      },
      { name: 'b', charges: [{ name: 'o', model: 'other', pricing }] },
    ],
  };
  test('the requested plans and models, in order, pass', () => {
    const product: ParsedProduct = {
      productId: 'p-1',
      plans: [{ chargeModels: ['usage', 'recurring'] }, { chargeModels: ['other'] }],
    };
    expect(judged(productCreated, rule)({ exchange: exchange(), product }, draft)).toEqual({
      ruleId: rule,
      observations: { plans: 2 },
    });
  });
  test('models reordered, a plan missing or a model lost is a violation', () => {
    const created = exchange();
    violationOf(
      () =>
        judged(productCreated, rule)(
          {
            exchange: created,
            product: { productId: 'p', plans: [{ chargeModels: ['recurring', 'usage'] }, { chargeModels: ['other'] }] },
          },
          draft,
        ),
      rule,
      [created],
    );
    violationOf(
      () =>
        judged(productCreated, rule)(
          { exchange: created, product: { productId: 'p', plans: [{ chargeModels: ['usage', 'recurring'] }] } },
          draft,
        ),
      rule,
    );
    const violation = violationOf(
      () =>
        judged(productCreated, rule)(
          {
            exchange: created,
            product: { productId: 'p', plans: [{ chargeModels: ['usage'] }, { chargeModels: ['other'] }] },
          },
          draft,
        ),
      rule,
    );
    expect(violation.message).toContain('[["usage"],["other"]]');
  });
});

describe('token-reusable', () => {
  test('every use answered 2xx passes', () => {
    expect(judged(tokenReusable, rule)([exchange({ status: 200 }), exchange({ status: 201 })])).toEqual({
      ruleId: rule,
      observations: { uses: 2 },
    });
  });
  test('a 401 on a later use is a violation naming the use', () => {
    const uses = [exchange({ status: 200 }), exchange({ status: 200 }), exchange({ status: 401 })];
    const violation = violationOf(() => judged(tokenReusable, rule)(uses), rule, [uses[2]!]);
    expect(violation.message).toContain('Use number 3');
    expect(violation.message).toContain('401');
  });
  test('a failed use is a violation', () => {
    violationOf(() => judged(tokenReusable, rule)([exchange({ status: 200 }), failedExchange('TIMEOUT')]), rule);
  });
});

describe('org-scope-visibility', () => {
  test('hidden from another org and visible without the header passes', () => {
    expect(
      judged(
        orgScopeVisibility,
        rule,
      )({ fromOtherOrg: exchange({ status: 404 }), withoutHeader: exchange({ status: 200 }) }),
    ).toEqual({ ruleId: rule, observations: { otherOrgStatus: 404 } });
  });
  test('visible from another org is a violation', () => {
    const leaked = exchange({ status: 200 });
    expect(
      violationOf(
        () => judged(orgScopeVisibility, rule)({ fromOtherOrg: leaked, withoutHeader: exchange({ status: 200 }) }),
        rule,
        [leaked],
      ).message,
    ).toContain('another org');
  });
  test('not visible without the header is a violation', () => {
    const unscoped = exchange({ status: 403 });
    expect(
      violationOf(
        () => judged(orgScopeVisibility, rule)({ fromOtherOrg: exchange({ status: 400 }), withoutHeader: unscoped }),
        rule,
        [unscoped],
      ).message,
    ).toContain('403');
  });
  test('a failed exchange is a violation', () => {
    violationOf(
      () =>
        judged(
          orgScopeVisibility,
          rule,
        )({ fromOtherOrg: failedExchange('TIMEOUT'), withoutHeader: exchange({ status: 200 }) }),
      rule,
    );
    violationOf(
      () =>
        judged(
          orgScopeVisibility,
          rule,
        )({ fromOtherOrg: exchange({ status: 404 }), withoutHeader: failedExchange('BAD_GZIP', true) }),
      rule,
    );
  });
});

describe('gzip-request-equivalence', () => {
  const comparable = (body: unknown) => {
    const { id: _, ...rest } = body as Record<string, unknown>;
    return rest;
  };
  test('the same status and record apart from generated ids passes', () => {
    const plain = jsonExchange(200, { id: 'a', name: 'n', amount: 1 });
    const gzipped = jsonExchange(200, { id: 'b', name: 'n', amount: 1 });
    expect(judged(gzipRequestEquivalence, rule)({ plain, gzipped }, comparable)).toEqual({
      ruleId: rule,
      observations: { status: 200 },
    });
  });
  test('another status is a violation with both exchanges', () => {
    const plain = jsonExchange(200, { id: 'a' });
    const gzipped = jsonExchange(400, { error: 'bad' });
    const violation = violationOf(() => judged(gzipRequestEquivalence, rule)({ plain, gzipped }, comparable), rule, [
      plain,
      gzipped,
    ]);
    expect(violation.message).toContain('200');
    expect(violation.message).toContain('400');
  });
  test('another record is a violation', () => {
    const plain = jsonExchange(200, { id: 'a', name: 'n' });
    const gzipped = jsonExchange(200, { id: 'b', name: 'garbled' });
    violationOf(() => judged(gzipRequestEquivalence, rule)({ plain, gzipped }, comparable), rule, [plain, gzipped]);
  });
  test('a non-JSON answer or a failed exchange is a violation', () => {
    violationOf(
      () =>
        judged(gzipRequestEquivalence, rule)(
          { plain: jsonExchange(200, { id: 'a' }), gzipped: exchange({ status: 200, body: 'oops' }) },
          comparable,
        ),
      rule,
    );
    violationOf(
      () =>
        judged(gzipRequestEquivalence, rule)(
          { plain: jsonExchange(200, { id: 'a' }), gzipped: failedExchange('BAD_GZIP', true) },
          comparable,
        ),
      rule,
    );
  });
});

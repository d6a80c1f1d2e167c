import { beforeAll, describe, expect, it } from 'vitest';
import { entityA, flatCharge, orgNorth, tieredCharge, useStartedTarget, validProduct } from './support.ts';

describe('charges', () => {
  const started = useStartedTarget();

  const create = (body: unknown) =>
    started.target.call('POST', '/commerce/charges', { headers: started.headers, body });
  const update = (body: unknown) => started.target.call('PUT', '/commerce/charges', { headers: started.headers, body });
  const query = (body: unknown) =>
    started.target.call('POST', '/commerce/charges/query', { headers: started.headers, body });

  it('creates a charge: 200 CreateChargeResponse, optional fields only when given', async () => {
    const answer = await create({ name: 'Bare', chargeModel: 'PerUnit' });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      success: true,
      charge: {
        id: expect.stringMatching(/^prpc_[0-9a-f-]{36}$/),
        name: 'Bare',
        chargeModel: 'PerUnit',
        rateCards: [],
        entityId: entityA,
        orgId: orgNorth,
        version: 1,
      },
    });
    const full = await create({ ...tieredCharge, description: 'With rows' });
    expect(full.json.charge).toMatchObject({ ...tieredCharge, description: 'With rows', version: 1 });
  });

  it.each([
    ['name empty', { ...flatCharge, name: '' }],
    ['name of 101 characters', { ...flatCharge, name: 'n'.repeat(101) }],
    ['description of 5001 characters', { ...flatCharge, description: 'd'.repeat(5001) }],
    ['unknown chargeModel', { ...flatCharge, chargeModel: 'Free' }],
    ['lowercase currency', { ...flatCharge, defaultPricing: { currency: 'eur', amount: 1 } }],
    ['negative amount', { ...flatCharge, defaultPricing: { currency: 'EUR', amount: -1 } }],
    ['string amount', { ...flatCharge, defaultPricing: { currency: 'EUR', amount: '1' } }],
    [
      'rate card without conditions',
      { ...flatCharge, rateCards: [{ conditions: {}, pricing: { currency: 'EUR', amount: 1 } }] },
    ],
    [
      'condition value of 65 characters',
      { ...flatCharge, rateCards: [{ conditions: { a: 'v'.repeat(65) }, pricing: { currency: 'EUR', amount: 1 } }] },
    ],
    ['51 rate cards', { ...flatCharge, rateCards: Array.from({ length: 51 }, () => tieredCharge.rateCards[0]) }],
  ])('refuses a charge with %s: 400 ProxyBadRequestResponse', async (_case, body) => {
    const answer = await create(body);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      success: false,
      reasons: [{ code: 'INVALID_REQUEST', message: expect.any(String) }],
    });
  });

  it('accepts the boundaries: 100-character name, 5000-character description, 50 rate cards', async () => {
    const answer = await create({
      ...flatCharge,
      name: 'n'.repeat(100),
      description: 'd'.repeat(5000),
      rateCards: Array.from({ length: 50 }, () => tieredCharge.rateCards[0]),
    });
    expect(answer.status).toBe(200);
  });

  it('updates the charge the body id names, bumping the version', async () => {
    const first = (await create(flatCharge)).json.charge;
    const second = (await create(flatCharge)).json.charge;
    const answer = await update({ id: first.id, defaultPricing: { currency: 'USD', amount: 3 } });
    expect(answer.status).toBe(200);
    expect(answer.json.charge).toEqual({ ...first, defaultPricing: { currency: 'USD', amount: 3 }, version: 2 });
    const untouched = await query({ chargeId: second.id, attributes: {} });
    expect(untouched.json.charge).toEqual(second);
  });

  it.each([
    ['no id', () => ({ name: 'x' })],
    ['a numeric id', () => ({ id: 5, name: 'x' })],
    ['an unknown id', () => ({ id: 'prpc_unknown', name: 'x' })],
    ['no field to change', (id: string) => ({ id })],
    ['an invalid field', (id: string) => ({ id, name: '' })],
  ])('refuses an update with %s: 400 CommonResponse', async (_case, body) => {
    const { id } = (await create(flatCharge)).json.charge;
    const answer = await update(body(id));
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      success: false,
      processId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      reasons: [{ code: expect.any(String), message: expect.any(String) }],
    });
  });

  describe('Dynamic Pricing query', () => {
    let charge: { id: string; version: number };
    beforeAll(async () => {
      charge = (await create(tieredCharge)).json.charge;
    });

    it.each([
      ['every condition of the first row', { region: 'eu', tier: 'gold' }, { currency: 'EUR', amount: 5 }, 0],
      [
        'the first row in order when several match',
        { region: 'eu', tier: 'gold', extra: 'x' },
        { currency: 'EUR', amount: 5 },
        0,
      ],
      [
        'only part of the first row, so the second',
        { region: 'eu', tier: 'silver' },
        { currency: 'EUR', amount: 7 },
        1,
      ],
      ['a later row', { region: 'us' }, { currency: 'USD', amount: 9 }, 2],
    ])('matches %s', async (_case, attributes, pricing, index) => {
      const answer = await query({ chargeId: charge.id, attributes });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({
        success: true,
        charge,
        resolvedPricing: pricing,
        source: 'rateCard',
        rateCardIndex: index,
      });
    });

    it('falls back to the default pricing when no row matches', async () => {
      const answer = await query({ chargeId: charge.id, attributes: { region: 'apac' } });
      expect(answer.json).toEqual({
        success: true,
        charge,
        resolvedPricing: { currency: 'EUR', amount: 1 },
        source: 'default',
      });
    });

    it('answers resolvedPricing null when nothing matches and there is no default', async () => {
      const bare = (await create({ ...tieredCharge, defaultPricing: undefined })).json.charge;
      const answer = await query({ chargeId: bare.id, attributes: {} });
      expect(answer.json).toEqual({ success: true, charge: bare, resolvedPricing: null, source: 'none' });
    });

    it('has no side effects', async () => {
      for (let i = 0; i < 3; i++) await query({ chargeId: charge.id, attributes: { region: 'eu', note: `n${i}` } });
      const after = await query({ chargeId: charge.id, attributes: {} });
      expect(after.json.charge).toEqual(charge);
      const updated = await update({ id: charge.id, name: charge.id.slice(0, 20) });
      expect(updated.json.charge.version).toBe(2);
    });

    it.each([
      ['an unknown charge', () => ({ chargeId: 'prpc_nope', attributes: {} })],
      ['no chargeId', () => ({ attributes: {} })],
      ['non-string attribute values', (chargeId: string) => ({ chargeId, attributes: { region: 1 } })],
      ['attributes that are not an object', (chargeId: string) => ({ chargeId, attributes: ['eu'] })],
    ])('refuses %s with 400', async (_case, body) => {
      const answer = await query(body(charge.id));
      expect(answer.status).toBe(400);
      expect(answer.json.success).toBe(false);
    });
  });
});

describe('products', () => {
  const started = useStartedTarget();

  const post = (body: unknown, extra: Record<string, string> = started.headers) =>
    started.target.call('POST', '/commerce/products', { headers: extra, body });

  it('creates a product with plans and charges of every model', async () => {
    const answer = await post(validProduct);
    expect(answer.status).toBe(200);
    const [plan] = validProduct.plans;
    expect(answer.json).toEqual({
      success: true,
      product: {
        id: expect.stringMatching(/^prod_/),
        name: 'Cloud',
        plans: [
          {
            id: expect.stringMatching(/^plan_/),
            name: plan!.name,
            charges: plan!.charges.map((charge) => ({ id: expect.stringMatching(/^prpc_/), ...charge })),
          },
        ],
      },
    });
  });

  it.each([
    ['zero plans', { ...validProduct, plans: [] }],
    ['no plans field', { name: 'x' }],
    ['a plan with zero charges', { ...validProduct, plans: [{ name: 'p', charges: [] }] }],
    [
      'a usage charge without unitOfMeasure',
      {
        ...validProduct,
        plans: [{ name: 'p', charges: [{ name: 'c', model: 'usage', pricing: { currency: 'EUR', amount: 1 } }] }],
      },
    ],
    [
      'an unknown model',
      {
        ...validProduct,
        plans: [{ name: 'p', charges: [{ name: 'c', model: 'free', pricing: { currency: 'EUR', amount: 1 } }] }],
      },
    ],
  ])('refuses a product with %s', async (_case, body) => {
    const answer = await post(body);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      success: false,
      reasons: [{ code: 'INVALID_REQUEST', message: expect.any(String) }],
    });
  });

  it('requires a bearer token', async () => {
    const { authorization: _, ...withoutAuth } = started.headers;
    expect((await post(validProduct, withoutAuth)).status).toBe(401);
  });
});

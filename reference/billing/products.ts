import { randomUUID } from 'node:crypto';
import type { CatalogRequest } from './catalog.ts';
import { description, name, pricing } from './records.ts';
import { InvalidRequest, type Reply } from './reply.ts';
import { list, object, oneOf, own, text } from './validate.ts';

/** POST /commerce/products: a product with at least one plan, each plan with at least one charge. */

// The spec sets no upper bound on plans or charges; the 1 MiB body cap bounds them.
const maxItems = Number.POSITIVE_INFINITY;

function productCharge(value: unknown, field: string, models: readonly string[]) {
  const record = object(value, field);
  const chargeName = name(own(record, 'name'), `${field}.name`);
  const model = oneOf(own(record, 'model'), `${field}.model`, models);
  const chargePricing = pricing(own(record, 'pricing'), `${field}.pricing`);
  const unit = own(record, 'unitOfMeasure');
  if (unit === undefined && model === 'usage') {
    throw new InvalidRequest(`${field}.unitOfMeasure is required for usage charges`);
  }
  return {
    id: `prpc_${randomUUID()}`,
    name: chargeName,
    model,
    pricing: chargePricing,
    ...(unit !== undefined && { unitOfMeasure: text(unit, `${field}.unitOfMeasure`, 1, 100) }),
  };
}

function plan(value: unknown, field: string, models: readonly string[]) {
  const record = object(value, field);
  const planName = name(own(record, 'name'), `${field}.name`);
  const charges = list(own(record, 'charges'), `${field}.charges`, 1, maxItems);
  return {
    id: `plan_${randomUUID()}`,
    name: planName,
    charges: charges.map((item, index) => productCharge(item, `${field}.charges[${index}]`, models)),
  };
}

export function createProduct({ ctx, body }: CatalogRequest): Reply {
  const { behaviour } = ctx;
  const record = object(body, 'body');
  const productName = name(own(record, 'name'));
  const productDescription = description(own(record, 'description'));
  const plans = list(own(record, 'plans'), 'plans', behaviour.minPlansPerProduct, maxItems);
  const product = {
    id: `prod_${randomUUID()}`,
    name: productName,
    ...(productDescription !== undefined && { description: productDescription }),
    plans: plans.map((item, index) => plan(item, `plans[${index}]`, behaviour.productChargeModels)),
  };
  ctx.products.set(product.id, product);
  return { status: behaviour.successStatus('createProduct'), body: { success: true, product } };
}

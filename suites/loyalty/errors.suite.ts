import type { Exchange } from '../../client/http-exchange.ts';
import { validOrder } from '../../generators/loyalty/bodies.ts';
import { freshId, ruleTest, useLoyaltySession } from './support/loyalty-session.ts';

const session = useLoyaltySession();

ruleTest('loyalty.errors.body', async ({ check }) => {
  const { send, context, validBodies } = session();
  const bodies = validBodies();
  const order = { ...validOrder(context), requestor_order_id: freshId() };
  // One of each kind of error: invalid bodies, a refused credential, a conflict.
  const exchanges: Exchange[] = [
    await send({ operation: 'subscribe', body: {} }),
    await send({ operation: 'transfer', body: { ...order, program_code: 'NONE' } }),
    await send({ operation: 'notify', body: { ...bodies.notify, source: 'nobody' } }),
    await send({ operation: 'notify', body: bodies.notify }, { headers: { 'X-NET-API-KEY': null } }),
    await send({ operation: 'transfer', body: order }),
    await send({ operation: 'transfer', body: order }),
  ];
  return check(exchanges);
});

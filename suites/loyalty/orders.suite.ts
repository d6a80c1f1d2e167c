import { validOrder } from '../../generators/loyalty/bodies.ts';
import { freshId, ruleTest, useLoyaltySession } from './support/loyalty-session.ts';

const session = useLoyaltySession();
const rule = { simulation: 'loyalty.transfer.simulation' } as const;
// loyalty.transfer.order-id-unique is judged last in bodies.suite.ts: its late replay waits beside the many body rules
// there.

ruleTest(rule.simulation, async ({ check }) => {
  const { send, context } = session();
  const id = freshId();
  const order = { ...validOrder(context), requestor_order_id: id };
  return [
    check(await send({ operation: 'transfer', body: { ...order, simulation: true } }), { outcome: 'accepted' }),
    check(await send({ operation: 'transfer', body: { ...order, simulation: true } }), { outcome: 'accepted' }),
    // The checks run on a simulated order too.
    check(
      await send({
        operation: 'transfer',
        body: { ...order, requestor_order_id: freshId(), program_code: 'PROGRAM_AIRLINE_0', simulation: true },
      }),
      { outcome: 'invalid' },
    ),
    check(await send({ operation: 'transfer', body: order }), { outcome: 'accepted' }),
  ];
});

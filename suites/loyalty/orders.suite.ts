import { validOrder } from '../../generators/loyalty/bodies.ts';
import { notAProgramCode } from '../../generators/loyalty/not-a-program-code.ts';
import { loyaltyPhase } from './support/loyalty-phase.ts';
import { freshId, ruleTest, useLoyaltySession } from './support/loyalty-session.ts';

const session = useLoyaltySession();
const rule = { simulation: 'loyalty.transfer.simulation' } as const;
// loyalty.transfer.order-id-unique is judged last in bodies.suite.ts: its late replay waits beside the many body rules
// there.

ruleTest(rule.simulation, async ({ check, observe, run }) => {
  const { send, context } = session();
  const id = freshId();
  const order = { ...validOrder(context), requestor_order_id: id };
  const verdicts = [
    check(await send({ operation: 'transfer', body: { ...order, simulation: true } }), { outcome: 'accepted' }),
    // "runs all eligibility checks": they run on a simulated order too.
    check(
      await send({
        operation: 'transfer',
        body: {
          ...order,
          requestor_order_id: freshId(),
          program_code: notAProgramCode(context.programCodes)[0],
          simulation: true,
        },
      }),
      { outcome: 'invalid' },
    ),
  ];
  // Whether a simulation takes its requestor_order_id is not stated: a second one, then the real order, observed.
  const again = await send({ operation: 'transfer', body: { ...order, simulation: true } });
  const real = await send({ operation: 'transfer', body: order });
  observe('the same simulated order again, then the real order under its id, answered', [
    again.response?.status ?? again.error?.code ?? 'no answer',
    real.response?.status ?? real.error?.code ?? 'no answer',
  ]);
  // What a simulation leaves behind: real orders (valid, or refused for one field) under simulated ids, in sequences.
  await loyaltyPhase(
    session(),
    'simulation',
    (exchange, valid) => check(exchange, { outcome: valid ? 'accepted' : 'invalid' }),
    {
      run,
      observe,
    },
  );
  return verdicts;
});

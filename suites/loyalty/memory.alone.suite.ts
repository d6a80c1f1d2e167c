import { randomUUID } from 'node:crypto';
import type { Verdict } from '../../engine/rule-violation.ts';
import { validOrder } from '../../generators/loyalty/bodies.ts';
import { lateTestTimeoutMs, useLateMemory } from '../support/late-memory.ts';
import { firstUseAccepted } from './support/first-use-accepted.ts';
import { loyaltyPhase } from './support/loyalty-phase.ts';
import { freshId, ruleTest, useLoyaltySession } from './support/loyalty-session.ts';
import { loyaltyMemory } from './support/memory-kinds.ts';
import { edgeMs } from './support/window-edge.ts';

/*
 * What a loyalty network must remember, judged at once and late: run after every other suite file of its family, near the end of the run, this file
 * replays the nonce and the order id the mac and bodies files used when they started (see
 * suites/support/late-memory.ts), after the run's other traffic. Then each rule's stateful phase: random sequences of
 * the three operations checked against a model of the used nonces and order ids (suites/loyalty/support/loyalty-model.ts).
 */

const session = useLoyaltySession();
const recall = useLateMemory();

ruleTest(
  'loyalty.mac.nonce-reuse',
  async ({ run, observe, check }) => {
    const { send, validBodies, section } = session();
    const bodies = validBodies();
    const nonce = randomUUID();
    const first = await send({ operation: 'notify', body: bodies.notify }, { auth: { mac: { nonce } } });
    firstUseAccepted(first, ['loyalty.notify.accepted'], 'a fresh nonce');
    const again = [
      await send({ operation: 'notify', body: bodies.notify }, { auth: { mac: { nonce } } }),
      await send({ operation: 'subscribe', body: bodies.subscribe }, { auth: { mac: { nonce } } }),
    ];
    const verdicts: Verdict[] = again.map((exchange) => check(exchange, null));
    // Late, with a fresh ts: a nonce is asked again only while the first use's ts is inside the window.
    const windowMs = section.mac?.windowMs ?? 0;
    const late = await recall<{ nonce: string }>(loyaltyMemory.nonce, {
      latestMs: windowMs - edgeMs(windowMs),
      firstUse: async () => {
        const own = randomUUID();
        firstUseAccepted(
          await send({ operation: 'notify', body: bodies.notify }, { auth: { mac: { nonce: own } } }),
          ['loyalty.notify.accepted'],
          'a fresh nonce',
        );
        return { nonce: own };
      },
    });
    const lateness: string[] = [];
    for (const use of late) {
      const replay = await send(
        { operation: 'notify', body: validBodies().notify },
        { auth: { mac: { nonce: use.value.nonce } } },
      );
      lateness.push(use.lateness());
      verdicts.push(check(replay, null));
    }
    observe('late replays', lateness);
    await loyaltyPhase(session(), 'nonce', (exchange) => check(exchange, null), { run, observe });
    return verdicts;
  },
  { timeoutMs: lateTestTimeoutMs() },
);

ruleTest(
  'loyalty.transfer.order-id-unique',
  async ({ run, observe, check }) => {
    const { send, context } = session();
    const id = freshId();
    const order = { ...validOrder(context), requestor_order_id: id };
    firstUseAccepted(
      await send({ operation: 'transfer', body: order }),
      ['loyalty.transfer.accepted'],
      'a fresh requestor_order_id',
    );
    const verdicts: Verdict[] = [
      check(await send({ operation: 'transfer', body: order })),
      // Another order under the same id, even for another program, is still a conflict.
      check(
        await send({
          operation: 'transfer',
          body: {
            ...validOrder(context, context.programCodes.at(1) ?? context.programCodes[0]),
            requestor_order_id: id,
            program_account_id: 'FF999',
          },
        }),
      ),
    ];
    // "Unique across all time": the order placed when the bodies file started, placed again at the end of the run.
    const late = await recall<{ order: Record<string, unknown> }>(loyaltyMemory.order, {
      firstUse: async () => {
        const own = { ...validOrder(context), requestor_order_id: freshId() };
        firstUseAccepted(
          await send({ operation: 'transfer', body: own }),
          ['loyalty.transfer.accepted'],
          'a fresh requestor_order_id',
        );
        return { order: own };
      },
    });
    const lateness: string[] = [];
    for (const use of late) {
      const replay = await send({ operation: 'transfer', body: use.value.order });
      lateness.push(use.lateness());
      verdicts.push(check(replay));
    }
    observe('late replays', lateness);
    await loyaltyPhase(session(), 'order', (exchange) => check(exchange), { run, observe });
    return verdicts;
  },
  { timeoutMs: lateTestTimeoutMs() },
);

import { emptyJsonObject } from '../../checks/empty-json-object.ts';
import { jsonBody } from '../../checks/json-body.ts';
import { RuleViolation } from '../../checks/rule-violation.ts';
import { type LoyaltyOperation, loyaltyStatuses } from '../../rules/loyalty/records.ts';
import { loyaltyJudged } from '../../checks/loyalty/loyalty-judged.ts';
import { loyaltyFieldCases, validNotificationCases, validOrderCases, validSubscriptionCases } from '../../generators/loyalty/field-cases.ts';
import type { LoyaltyCase } from '../../generators/loyalty/loyalty-case.ts';
import { type LoyaltyContext, validOrder } from '../../generators/loyalty/bodies.ts';
import type { LoyaltyRuleId } from '../../rules/loyalty/rules.ts';
import { useEarlyUse } from './support/late-replay.ts';
import { freshId, ruleTest, useLoyaltySession } from './support/loyalty-session.ts';

const session = useLoyaltySession();
const uniqueRule = 'loyalty.transfer.order-id-unique';

// An order placed when the file starts: the last rule places it again late, when a target that forgets has forgotten.
const earlyOrder = useEarlyUse(() => {
  const { send, context } = session();
  const order = { ...validOrder(context), requestor_order_id: freshId() };
  return send({ operation: 'transfer', body: order }).then((exchange) => ({ order, exchange }));
});

const loyaltyOperationNames: readonly LoyaltyOperation[] = ['subscribe', 'transfer', 'notify'];

const tables: [LoyaltyRuleId, (context: LoyaltyContext) => LoyaltyCase[]][] = [
  ['loyalty.subscribe.accepted', validSubscriptionCases],
  ['loyalty.transfer.accepted', validOrderCases],
  ['loyalty.notify.accepted', validNotificationCases],
  ...(Object.entries(loyaltyFieldCases) as [LoyaltyRuleId, (context: LoyaltyContext) => LoyaltyCase[]][]),
];

// Each body rule both ways: the values it keeps answer 202, the values that break it 400 with the error body.
for (const [ruleId, cases] of tables) {
  ruleTest(ruleId, async ({ observe }) => {
    const { send, context } = session();
    const all = cases(context);
    for (const testCase of all) {
      try {
        loyaltyJudged(await send(testCase), ruleId, testCase);
      } catch (error) {
        if (error instanceof RuleViolation) error.inputDescription = testCase.why;
        throw error;
      }
    }
    observe('cases', all.length);
  });
}

// The 202 of every operation is the empty JSON object the document names.
ruleTest('loyalty.bodies.accepted-empty', async () => {
  const { send, validBodies } = session();
  const bodies = validBodies();
  return Promise.all(loyaltyOperationNames.map(async (operation) => emptyJsonObject(await send({ operation, body: bodies[operation] }), 'loyalty.bodies.accepted-empty', { status: loyaltyStatuses.accepted })));
});

// All bodies are JSON: the 202s and the errors (invalid body, missing API key, a conflict).
ruleTest('loyalty.bodies.json', async () => {
  const { send, validBodies } = session();
  const bodies = validBodies();
  const exchanges = await Promise.all([
    ...loyaltyOperationNames.map((operation) => send({ operation, body: bodies[operation] })),
    send({ operation: 'subscribe', body: {} }),
    send({ operation: 'notify', body: bodies.notify }, { headers: { 'X-NET-API-KEY': null } }),
  ]);
  const order = bodies.transfer;
  exchanges.push(await send({ operation: 'transfer', body: order }), await send({ operation: 'transfer', body: order }));
  return exchanges.map((exchange) => jsonBody(exchange, 'loyalty.bodies.json'));
});

// Last in this file: besides the replays at once, the order placed when this file started is placed again late.
ruleTest(uniqueRule, async ({ observe }) => {
  const { send, context } = session();
  const id = freshId();
  const order = { ...validOrder(context), requestor_order_id: id };
  const verdicts = [
    loyaltyJudged(await send({ operation: 'transfer', body: order }), uniqueRule, { outcome: 'accepted' }),
    loyaltyJudged(await send({ operation: 'transfer', body: order }), uniqueRule, { outcome: 'conflict' }),
    // Another order under the same id, even for another program, is still a conflict.
    loyaltyJudged(await send({ operation: 'transfer', body: { ...validOrder(context, 'PROGRAM_AIRLINE_2'), requestor_order_id: id, program_account_id: 'FF999' } }), uniqueRule, { outcome: 'conflict' }),
  ];
  const early = await earlyOrder();
  if (early) {
    verdicts.push(loyaltyJudged(early.value.exchange, uniqueRule, { outcome: 'accepted' }));
    verdicts.push(loyaltyJudged(await send({ operation: 'transfer', body: early.value.order }), uniqueRule, { outcome: 'conflict' }));
    observe('late replay after (ms)', Date.now() - early.sentAt);
  }
  return verdicts;
});

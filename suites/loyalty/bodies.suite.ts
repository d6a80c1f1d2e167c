import { RuleViolation } from '../../engine/rule-violation.ts';
import type { Exchange } from '../../client/http-exchange.ts';
import {
  type LoyaltyCaseOutcome,
  type LoyaltyOperation,
  loyaltyStatuses,
  observedOutcome,
} from '../../rules/loyalty/records.ts';
import {
  loyaltyFieldCases,
  validNotificationCases,
  validOrderCases,
  validSubscriptionCases,
} from '../../generators/loyalty/field-cases.ts';
import type { LoyaltyCase } from '../../generators/loyalty/loyalty-case.ts';
import type { LoyaltyContext } from '../../generators/loyalty/bodies.ts';
import type { loyaltyRules } from '../../rules/loyalty/rules.ts';
import type { RuleIdJudgedBy } from '../../engine/rule-test.ts';
import { ruleTest, useLoyaltySession } from './support/loyalty-session.ts';

const session = useLoyaltySession();

const loyaltyOperationNames: readonly LoyaltyOperation[] = ['subscribe', 'transfer', 'notify'];

type LoyaltyRule = (typeof loyaltyRules)[number];
type Cases = (context: LoyaltyContext) => LoyaltyCase[];

/** Sends every case and judges each answer, naming the case in a failure. */
async function judgeEach(
  all: readonly LoyaltyCase[],
  judge: (exchange: Exchange, testCase: LoyaltyCase) => unknown,
): Promise<void> {
  const { send } = session();
  for (const testCase of all) {
    try {
      judge(await send(testCase), testCase);
    } catch (error) {
      if (error instanceof RuleViolation) error.inputDescription = testCase.why;
      throw error;
    }
  }
}

/**
 * Sends every case, judging the ones the document decides and observing the answers to the ones it leaves open; returns
 * those answers.
 */
async function judgeOrObserve(
  all: readonly LoyaltyCase[],
  judge: (exchange: Exchange, testCase: LoyaltyCase) => unknown,
): Promise<string[]> {
  const open: string[] = [];
  await judgeEach(all, (exchange, testCase) =>
    testCase.outcome === observedOutcome
      ? open.push(`${testCase.why}: ${exchange.response?.status ?? exchange.error?.code ?? 'no answer'}`)
      : judge(exchange, testCase),
  );
  return open;
}

const acceptedTables: [RuleIdJudgedBy<LoyaltyRule, 'status-for-valid-input'>, Cases][] = [
  ['loyalty.subscribe.accepted', validSubscriptionCases],
  ['loyalty.transfer.accepted', validOrderCases],
  ['loyalty.notify.accepted', validNotificationCases],
];

// Valid bodies of every kind answer 202; values the document tells the sender always to avoid are observed.
for (const [ruleId, cases] of acceptedTables) {
  ruleTest(ruleId, async ({ observe, check }) => {
    const all = cases(session().context);
    const open = await judgeOrObserve(all, (exchange) => check(exchange, loyaltyStatuses.accepted));
    observe('cases', all.length);
    if (open.length > 0) observe('answers to values the document leaves open', open);
  });
}

// Each body rule both ways: the values it keeps answer 202, the values that break it 400 with the error body;
// what the document leaves open is sent and its answer observed.
for (const [ruleId, cases] of Object.entries(loyaltyFieldCases) as [
  RuleIdJudgedBy<LoyaltyRule, 'body-case-status'>,
  Cases,
][]) {
  ruleTest(ruleId, async ({ observe, check }) => {
    const all = cases(session().context);
    const open = await judgeOrObserve(all, (exchange, testCase) =>
      check(exchange, { outcome: testCase.outcome as LoyaltyCaseOutcome }),
    );
    observe('cases', all.length);
    if (open.length > 0) observe('answers to values the document leaves open', open);
  });
}

// The 202 of every operation is the empty JSON object the document names.
ruleTest('loyalty.bodies.accepted-empty', async ({ check }) => {
  const { send, validBodies } = session();
  const bodies = validBodies();
  return Promise.all(
    loyaltyOperationNames.map(async (operation) =>
      check(await send({ operation, body: bodies[operation] }), { status: loyaltyStatuses.accepted }),
    ),
  );
});

// All bodies are JSON: the 202s and the errors (invalid body, missing API key, a conflict).
ruleTest('loyalty.bodies.json', async ({ check }) => {
  const { send, validBodies } = session();
  const bodies = validBodies();
  const exchanges = await Promise.all([
    ...loyaltyOperationNames.map((operation) => send({ operation, body: bodies[operation] })),
    send({ operation: 'subscribe', body: {} }),
    send({ operation: 'notify', body: bodies.notify }, { headers: { 'X-NET-API-KEY': null } }),
  ]);
  const order = bodies.transfer;
  exchanges.push(
    await send({ operation: 'transfer', body: order }),
    await send({ operation: 'transfer', body: order }),
  );
  return exchanges.map((exchange) => check(exchange));
});

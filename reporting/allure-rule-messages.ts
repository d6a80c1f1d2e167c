import type { Parameter } from 'allure-js-commons';
import type { RuntimeMessage } from 'allure-js-commons/sdk';
import { reportText } from '../core/report-text.ts';
import type { Rule } from '../rules/rule.ts';
import { quoteText } from '../rules/rule-quotes.ts';
import type { EvidenceRecord, RuleOutcome } from '../rules/rule-outcome.ts';
import { ruleStrength, severityOf } from '../rules/rule-severity.ts';

/** What of a rule its Allure result shows. */
export type LabelledRule = Pick<Rule, 'id' | 'family' | 'statement' | 'source' | 'quotes'>;

/** The run a rule's result belongs to. */
export interface RunLabels {
  targetName: string;
  seed: number;
}

/** Parameters that change from run to run: shown, but left out of the history key. */
const perRun = { excluded: true } as const;

function parameters(...shown: Parameter[]): RuntimeMessage {
  return { type: 'metadata', data: { parameters: shown } };
}

/** The rule's identity, labels and description, the same whatever its verdict. */
function ruleMetadata(rule: LabelledRule, run: RunLabels): RuntimeMessage {
  return {
    type: 'metadata',
    data: {
      // History follows the rule id on a target, not the statement's wording nor the seed: a rule's page shows
      // its earlier verdicts against the same target night after night.
      testCaseId: rule.id,
      historyId: `${rule.id} @ ${run.targetName}`,
      labels: [
        { name: 'rule', value: rule.id },
        { name: 'epic', value: rule.family },
        { name: 'feature', value: rule.source.section },
        { name: 'story', value: rule.id },
        // A MUST of a document: critical; `harness run` raises it to blocker once its failure blocked other rules.
        { name: 'severity', value: severityOf(ruleStrength) },
      ],
      parameters: [
        { name: 'target', value: run.targetName },
        { name: 'seed', value: String(run.seed), ...perRun },
      ],
      description: `${rule.statement}\n\nSource: ${rule.source.document}, ${rule.source.section}.${(rule.quotes ?? []).map((quote) => `\n\n> ${quoteText(quote)}`).join('')}`,
    },
  };
}

/** A text attachment in a step of its own, as allure-js-commons' `attachment()` writes one. */
function attachment(name: string, text: string, contentType: string, timestamp: number): RuntimeMessage {
  return {
    type: 'attachment_content',
    data: {
      name,
      content: Buffer.from(text, 'utf8').toString('base64'),
      encoding: 'base64',
      contentType,
      wrapInStep: true,
      timestamp,
    },
  };
}

function exchangeAttachments(evidence: readonly EvidenceRecord[], at: number): RuntimeMessage[] {
  return evidence.flatMap((exchange, index) => [
    attachment(`exchange ${index + 1} request`, exchange.request, 'text/plain', at),
    attachment(`exchange ${index + 1} response`, exchange.response, 'text/plain', at),
    attachment(`exchange ${index + 1} curl`, exchange.curl, 'text/plain', at),
  ]);
}

/** The exchanges that showed the verdict, then the fast-check counterexample and its path. */
function evidenceMessages(outcome: RuleOutcome, at: number): RuntimeMessage[] {
  const messages = exchangeAttachments(outcome.evidence ?? [], at);
  if (!outcome.replay) return messages;
  // Cut at its length limit it is no longer JSON: attached as text then.
  const cut = outcome.replay.counterexample.endsWith(' characters)');
  return [
    ...messages,
    parameters({ name: 'fast-check path', value: outcome.replay.path, ...perRun }),
    attachment('counterexample', outcome.replay.counterexample, cut ? 'text/plain' : 'application/json', at),
  ];
}

/** What the verdict adds: what a passing rule observed, what blocked a rule, the evidence of a failure. */
function verdictMessages(outcome: RuleOutcome, at: number): RuntimeMessage[] {
  switch (outcome.status) {
    case 'passed': {
      const observed = Object.entries(outcome.observations ?? {});
      return observed.length
        ? [
            parameters(
              ...observed.map(([key, value]) => ({
                name: `observed ${key}`,
                value: reportText(value).text,
                ...perRun,
              })),
            ),
          ]
        : [];
    }
    case 'blocked':
      return [
        { type: 'metadata', data: { labels: [{ name: 'tag', value: 'blocked' }] } },
        parameters({ name: 'blocked by', value: (outcome.blockedBy ?? []).join(', '), ...perRun }),
        ...evidenceMessages(outcome, at),
      ];
    case 'failed':
      return evidenceMessages(outcome, at);
    default:
      return [];
  }
}

/**
 * The Allure runtime messages of one rule's result, from the outcome its test recorded: what the reporter applies
 * to the result it writes for the test. `at` (epoch ms) stamps the evidence's steps. The status is the test's own
 * (passed, failed, broken, or skipped for a rule not judged), which the reporter reads from vitest.
 */
export function allureRuleMessages(
  rule: LabelledRule,
  outcome: RuleOutcome,
  run: RunLabels,
  at: number,
): RuntimeMessage[] {
  return [ruleMetadata(rule, run), ...verdictMessages(outcome, at)];
}

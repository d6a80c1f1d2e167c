import { said } from '../rule-quotes.ts';
import { defineRules, type RuleQuote } from '../rule.ts';

const document = 'Spec document 3 (open banking, exchange-style envelope, custody), part B';

/** Where a sentence of the real exchange's v5 REST documentation (OKX, which part B summarises) is read. */
const okx = (section: string, anchor: string) => ({
  title: 'OKX API v5 documentation',
  version: 'v5',
  section,
  url: `https://www.okx.com/docs-v5/en/#${anchor}`,
});
const tradeCodesAt = okx('Error Code, REST API, Trade', 'error-code-rest-api-trade');
const generalCodesAt = okx('Error Code, REST API, General', 'error-code-rest-api-general');
/** A sentence of document 3, part B, and the word or cell that makes it a demand (absent: context or observed). */
const okxSaid = (text: string, from: RuleQuote['from'], demand?: string): RuleQuote => said(text, demand, from);

// Sentences of document 3, part B, word for word (test/rules/rule-quotes.test.ts finds each in the document).
const codeCell = '| code | string | `0` means success; any other value is an error. Compare as a string. |';
const msgCell = '| msg | string | Empty on success; describes the problem on failure. |';
const dataCell =
  '| data | array | Result objects; present on success and often on partial failure; empty on a fully failed request. |';
const itemFields =
  'Batch items additionally carry `sCode` (string; `0` means that item succeeded) and `sMsg` (string). Batch order items also carry clOrdId and ordId (strings).';
const ruleSuccess = 'Success means code equals the string `0`.';
const ruleItems =
  'On a batch, the top-level code may be non-zero while some items succeed; sCode of each item is authoritative, including when the top-level code is `0`.';
const ruleFullFailure = 'A fully failed request may have empty data with a non-zero code; the reason is in msg.';
const signedHeaders =
  'Requests are signed with an access key and a signature carried in the headers `EX-ACCESS-KEY` and `EX-ACCESS-SIGN`.';
const notShown = 'The complete list of codes and the codes of each endpoint: not shown.';

/** What the rules' `appliesTo` reads of the exchange section of a target entry. */
type ExchangeSectionRead = { expectations: { codeRanges: boolean } };

export const exchangeRules = defineRules<ExchangeSectionRead>()([
  {
    id: 'exchange.envelope.code-string',
    family: 'exchange',
    source: { document, section: 'Resources: exchange-style envelope (code)' },
    statement: 'Every response envelope carries code as a string (checked on every exchange the family makes).',
    check: 'code-is-string',
    quotes: [said(codeCell, 'string')],
  },
  {
    id: 'exchange.envelope.success-code',
    family: 'exchange',
    source: { document, section: 'Errors: exchange-style handling rule 1' },
    statement: 'A request that succeeds answers code exactly "0" (the number 0, "00" or " 0" are not success).',
    check: 'success-code',
    quotes: [said(ruleSuccess, 'code equals the string `0`'), said(codeCell, 'Compare as a string')],
  },
  {
    id: 'exchange.envelope.msg',
    family: 'exchange',
    source: { document, section: 'Resources: exchange-style envelope (msg); Errors: handling rule 3' },
    statement: 'msg is a string, empty when code is "0" and non-empty otherwise (checked on every exchange).',
    check: 'msg-matches-code',
    quotes: [
      said(msgCell, 'Empty on success; describes the problem on failure'),
      said(ruleFullFailure, 'the reason is in msg'),
    ],
  },
  {
    id: 'exchange.envelope.data',
    family: 'exchange',
    source: { document, section: 'Resources: exchange-style envelope (data); Errors: handling rule 3' },
    statement:
      'data is an array, present on success, and empty when the request is refused as a whole (checked on every exchange).',
    check: 'data-is-array',
    quotes: [said(dataCell, 'array'), said(ruleFullFailure)],
  },
  {
    id: 'exchange.codes.range',
    family: 'exchange',
    source: { document, section: 'Errors: exchange-style handling rule 4 and the code table' },
    statement:
      'Where the target entry pins the code ranges (expectations.codeRanges), every non-zero code is a general (500xx) or trading (510xx) code: each item sCode, and a top-level code the items do not explain (checked on every exchange). The document only describes the ranges ("around 500xx"): otherwise they are observed.',
    check: 'codes-in-range',
    quotes: [
      said(
        'Code ranges: general errors around 500xx, trading errors around 510xx.',
        'general errors around 500xx, trading errors around 510xx',
      ),
      said(notShown),
    ],
    appliesTo: (section) => section.expectations.codeRanges,
    applicability:
      'target entry that pins expectations.codeRanges (the document describes the ranges, it does not require them)',
  },
  {
    id: 'exchange.codes.order-not-found',
    family: 'exchange',
    source: { document, section: 'Errors: exchange-style code table (51603)' },
    statement:
      "The details of an order id the target never issued (GET /api/v5/trade/order, signed, the real exchange's operation: the document shows none of its own) are refused with code 51603; the HTTP status is observed, and what an order placed in this run answers is observed too. A target that does not serve the operation (404 or 405 without code 51603, or the real exchange's code 50005, endpoint unavailable) leaves the rule not applicable.",
    check: 'refused-with-code',
    quotes: [
      said('| 51603 | Order does not exist |', '51603'),
      okxSaid('Order does not exist', tradeCodesAt, 'Order does not exist'),
      okxSaid(
        'Retrieve order details.',
        okx('Trade, GET / Order details', 'order-book-trading-trade-get-order-details'),
      ),
      said(notShown),
    ],
  },
  {
    id: 'exchange.batch.item-fields',
    family: 'exchange',
    source: { document, section: 'Resources: exchange-style envelope (batch items)' },
    statement:
      'A batch order answer has one item per order, matched by clOrdId, each with string sCode, sMsg, clOrdId and ordId.',
    check: 'batch-item-fields',
    quotes: [said(itemFields, 'carry')],
  },
  {
    id: 'exchange.batch.item-success',
    family: 'exchange',
    source: { document, section: 'Errors: exchange-style handling rule 2' },
    statement: 'In a batch, each order that must succeed gets sCode "0" and an ordId, whatever the top-level code.',
    check: 'batch-items-succeed',
    quotes: [said(ruleItems, 'sCode of each item is authoritative'), said(itemFields, '`0` means that item succeeded')],
  },
  {
    id: 'exchange.batch.item-failure',
    family: 'exchange',
    source: { document, section: 'Errors: exchange-style handling rule 2 and the code table (51000, 51008)' },
    statement:
      "In a batch, an invalid order gets sCode 51000 and an unaffordable one 51008, each with a non-empty sMsg, whatever the top-level code; the real exchange's more specific code for the same fault is accepted too (50014 for a field sent empty, 51001 for an unknown instrument, 51131 for an unaffordable order), the code each fault met observed.",
    check: 'batch-items-fail',
    quotes: [
      said(ruleItems, 'sCode of each item is authoritative'),
      said('| 51000 | Parameter error |', '51000'),
      said('| 51008 | Insufficient balance for the order |', '51008'),
      said(notShown),
      okxSaid('Parameter {param0} error', tradeCodesAt),
      okxSaid('Order failed. Insufficient {param0} balance in account', tradeCodesAt),
      okxSaid('Instrument ID does not exist', tradeCodesAt),
      okxSaid('Parameter {param0} cannot be empty', generalCodesAt),
      okxSaid('Insufficient balance', tradeCodesAt),
    ],
  },
  {
    id: 'exchange.auth.unknown-key',
    family: 'exchange',
    source: { document, section: 'Authentication, B; Errors, B: the exchange-style code table (50111)' },
    statement:
      'A request signed with an access key the target does not know is refused with code 50111 (the HTTP status is observed, not judged).',
    check: 'refused-with-code',
    quotes: [said(signedHeaders), said('| 50111 | Invalid EX-ACCESS-KEY |', '50111')],
  },
  {
    id: 'exchange.auth.signature',
    family: 'exchange',
    source: { document, section: 'Authentication, B; Errors, B: the exchange-style code table (50113)' },
    statement:
      "A signature over another body, path, method or timestamp, a truncated one or one made with another secret is refused with code 50113; a request without its signature header with one of the codes of expectations.missingSignatureCodes (the document is silent on it; default 50113 or the real exchange's 50106).",
    check: 'refused-with-code',
    quotes: [
      said(signedHeaders),
      said('| 50113 | Invalid signature |', '50113'),
      said('Signature pre-hash string and remaining auth headers: not shown.'),
    ],
  },
  {
    id: 'exchange.auth.timestamp',
    family: 'exchange',
    source: {
      document,
      section: 'Authentication, B; Limits (exchange timestamp tolerance); Errors, B: the code table (50102)',
    },
    statement:
      'A signed request whose timestamp is within 30 s of the server clock is not refused for it (25 s and 29 s old or ahead); one more than 30 s away is refused with 50102 (31 s, 35 s and 120 s old or ahead).',
    check: 'timestamp-window',
    quotes: [
      said('The timestamp must be within 30 seconds of server time.', 'must be within 30 seconds'),
      said('| 50102 | Timestamp request expired (clock skew over 30 seconds) |', '50102'),
    ],
  },
  {
    id: 'exchange.limits.rate-limit',
    family: 'exchange',
    prerequisites: ['exchange.envelope.success-code'],
    source: { document, section: 'Errors: exchange-style code table (50011); Limits' },
    statement:
      'A bounded burst of signed requests meets the rate limit, answered HTTP 429 with code 50011 (never one without the other); the limit itself is reported.',
    check: 'exchange-rate-limited',
    quotes: [
      said('| 50011 | Rate limit reached (also HTTP 429) |', '50011 | Rate limit reached (also HTTP 429)'),
      said('Rate-limit values of the open-banking and exchange-style interfaces: not shown.'),
    ],
    // A probe that got no answer at all judged no limit: a signed request's answer is the success rule's.
  },
]);

export type ExchangeRuleId = (typeof exchangeRules)[number]['id'];

declare module '../rule-id.ts' {
  interface RuleIdsOfFamilies {
    exchange: (typeof exchangeRules)[number]['id'];
  }
}

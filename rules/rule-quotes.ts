import type { Rule, RuleQuote } from './rule.ts';

/** A quote as the rule tables write it: the words, the word or cell that makes them a demand, and where they are read. */
export function said(text: string, demand?: string, from?: RuleQuote['from']): RuleQuote {
  return { text, ...(demand === undefined ? {} : { demand }), ...(from === undefined ? {} : { from }) };
}

/** How a quote reads in a report: the words in quotation marks, then the word that makes them a demand, and where from. */
export function quoteText(quote: RuleQuote): string {
  const words = `"${quote.text.replace(/\s+/g, ' ').trim()}"`;
  const from = quote.from ? ` (${quote.from.title} ${quote.from.version}, ${quote.from.section})` : '';
  return quote.demand ? `${words}${from} [demand: ${quote.demand}]` : `${words}${from} [observed]`;
}

/** The quotes whose demand a failure of the rule breaks, as one line; empty when the rule quotes none. */
export function demandsText(rule: Pick<Rule, 'quotes'>): string {
  return (rule.quotes ?? [])
    .filter((quote) => quote.demand !== undefined)
    .map(quoteText)
    .join(' … ');
}

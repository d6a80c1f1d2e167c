import type fc from 'fast-check';
import { cursorPageOf } from '../checks/cursor-page.ts';
import type { ExpectedPage } from '../checks/cursor-model-step.ts';
import { expectedAt, stepPosition, type ModelPosition } from '../checks/list-model.ts';
import type { ListingSettings } from '../entry/section.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import type { Verdict } from '../../../engine/rule-violation.ts';
import type { CustodyClient } from '../client/custody-client.ts';
import type { PageStep } from '../../../generators/custody/page-step.ts';

/** The model of one listing: its items (from a full walk), the target's page limit, and where the sequence stands. */
export interface ListModel {
  items: readonly string[];
  /** The most items the target puts on a page, read from the pages it served (Infinity: none below the sizes asked). */
  limit: number;
  position?: ModelPosition;
}

/** What the target gave the sequence: the latest token and the page size it was issued at. */
export interface ListReal {
  client: CustodyClient;
  endpoint: string;
  /** The model rule's check (cursor-model-step), bound to it by the rule test. */
  check: (observed: { exchange: Exchange; expected: ExpectedPage }, listing?: ListingSettings) => Verdict;
  token?: string;
}

/**
 * One page request of a model-based sequence: sent to the target, then its answer is checked against the
 * model (items, order, flags). NEXT and PREVIOUS only run where the model says the page exists.
 */
export class PageCommand implements fc.AsyncCommand<ListModel, ListReal> {
  constructor(readonly step: PageStep) {}

  check(model: Readonly<ListModel>): boolean {
    return stepPosition(model.items, model.position, this.step.request, this.step.pageSize, model.limit) !== undefined;
  }

  async run(model: ListModel, real: ListReal): Promise<void> {
    const { items, position, limit } = model;
    const next = stepPosition(items, position, this.step.request, this.step.pageSize, limit) as ModelPosition;
    const startsOver = this.step.request === 'FIRST' || this.step.request === 'LAST';
    const exchange = await real.client.page(real.endpoint, {
      pageRequest: this.step.request,
      pageSize: next.pageSize,
      ...(startsOver ? {} : { currentPage: real.token as string }),
    });
    const listing = real.client.listing(real.endpoint);
    real.check({ exchange, expected: expectedAt(model.items, next, `${real.endpoint} ${this.toString()}`) }, listing);
    // The check above read this page as a cursor page already: it gives the token here.
    real.token = cursorPageOf(exchange, listing).cursor.currentPage;
    model.position = next;
  }

  toString(): string {
    const { request, pageSize } = this.step;
    return request === 'FIRST' || request === 'LAST' ? `${request}(${pageSize})` : request;
  }
}

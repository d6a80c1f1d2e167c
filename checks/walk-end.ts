/**
 * Why a page walk stopped, in one spelling for every family that walks pages (cdr links, cards next links, custody
 * cursor tokens; suites/support/page-walker.ts walks them all):
 * - `end-reached`: the pages said there was no further page (the only complete walk);
 * - `next-missing`: a page gave no step on although its own numbers say a later page exists;
 * - `repeated-step`: a step (a link, a token) came back that was already taken, so the walk would never end;
 * - `not-advancing`: a step gave the page before it again;
 * - `repeated-records`: a fresh step gave the records of an earlier page (a loop through fresh links or tokens);
 * - `empty-pages`: pages came back empty while each still promised more;
 * - `growing-total`: the page count or total the pages claim grew as the walk went;
 * - `unusable-step`: a step the walk may not or cannot take (not a URL, outside the target, a token too long to send);
 * - `step-refused`: a step taken was answered without a page;
 * - `page-cap`: a bound of the walk (pages, requests, time, bytes held), named in the walk's note.
 */
export type WalkEnd =
  | 'end-reached'
  | 'next-missing'
  | 'repeated-step'
  | 'not-advancing'
  | 'repeated-records'
  | 'empty-pages'
  | 'growing-total'
  | 'unusable-step'
  | 'step-refused'
  | 'page-cap';

/** The ends that are signs a target's pages cannot end (not a bound, not a refusal, not the end). */
export const endlessSigns: readonly WalkEnd[] = ['repeated-step', 'repeated-records', 'empty-pages', 'growing-total'];

import { tokenIn } from './checks/token-in.ts';
import { sendableToken } from './checks/walk.ts';
import { letOversizedTokenGo, maxTokenChars, pageTooLargeToRead } from './checks/oversized-token.ts';
import { PrerequisiteMissing } from '../../engine/rule-blocked.ts';
import { foreignCursor } from '../../generators/custody/foreign-cursor.ts';
import { custodyListingPaths } from '../../rules/custody/endpoints.ts';
import { forAll } from '../support/for-all.ts';
import { isBlocked, resultOrBlock } from '../../engine/result-or-block.ts';
import { ruleTest, useCustodySession } from './support/custody-session.ts';
import { walkListing } from './support/walk-listing.ts';
import { noTokenToSend } from './support/no-token-to-send.ts';
import { shownWalkPageSize } from '../../rules/custody/limits.ts';

const session = useCustodySession();
const [listing, otherListing] = custodyListingPaths;

ruleTest('custody.cursor.foreign-token', async ({ observe, check }) => {
  const { client, section, property } = session();
  // Only the token is needed: a FIRST page that gives none blocks the rule (the rule on FIRST and LAST judges it; the
  // rule on new tokens judges one too long to send back, or in a page too large to read).
  const tokenOf = async (endpoint: string, pageSize: number) => {
    const exchange = await client.page(endpoint, { pageRequest: 'FIRST', pageSize });
    const tooLarge = pageTooLargeToRead(exchange);
    if (tooLarge) throw tooLarge;
    const token = exchange.response && !exchange.error ? tokenIn(exchange.response) : undefined;
    if (token === undefined)
      throw new PrerequisiteMissing(
        ['custody.cursor.first-last-without-token'],
        `${endpoint}: FIRST at page size ${pageSize} gave no cursor.currentPage to alter`,
        [exchange],
      );
    const oversized = letOversizedTokenGo(exchange);
    if (oversized)
      throw new PrerequisiteMissing(
        ['custody.cursor.new-token'],
        `${endpoint}: FIRST gave a token of ${oversized.chars} characters, beyond the ${maxTokenChars} the harness sends back`,
        [exchange],
      );
    return token;
  };
  const real = {
    token: await tokenOf(listing, shownWalkPageSize),
    otherEndpointToken: await tokenOf(otherListing, shownWalkPageSize),
    ...(section.tokenBindsPageSize ? { otherSizeToken: await tokenOf(listing, 5) } : {}),
  };
  const cases = await forAll(foreignCursor(real), property(), async (foreign) => {
    await Promise.all(
      (['NEXT', 'PREVIOUS'] as const).map(async (pageRequest) =>
        check(
          await client.page(listing, { pageRequest, pageSize: shownWalkPageSize, currentPage: foreign.value }),
          client.listing(listing).errorCodeAt,
        ),
      ),
    );
  });
  observe('foreign tokens tried', cases);
});

ruleTest('custody.cursor.token-encoding', async ({ observe, check }) => {
  const { client } = session();
  // Walks at page size 1 meet many tokens; for each of +, / and = one that holds it is sent back on its own.
  // A walk that sends the tokens back is this rule's own test; a listing whose walk could not start (blocked)
  // is left out while others still serve.
  const settled = await Promise.allSettled(
    custodyListingPaths.map((endpoint) => resultOrBlock(() => walkListing(client, endpoint, 1, 'forward'))),
  );
  const reached = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const walks = reached.flatMap((walk) => (isBlocked(walk) ? [] : [walk]));
  const blocks = reached.filter(isBlocked);
  // What resultOrBlock threw is no block: the rule's own violation (or a crash), thrown before any block.
  const ownFailure = settled.find((outcome) => outcome.status === 'rejected');
  if (ownFailure !== undefined) throw ownFailure.reason;
  if (walks.length === 0 && blocks.length > 0) throw blocks[0];
  const special = ['+', '/', '='].flatMap((char) => {
    for (const walk of walks) {
      const token = walk.pages.map(sendableToken).find((sendable) => sendable?.includes(char));
      if (token !== undefined) return [{ char, endpoint: walk.endpoint, token }];
    }
    return [];
  });
  observe('token characters that need percent-encoding', special.map(({ char }) => char).join(' ') || 'none met');
  // Tokens that never hold those characters (a target's own alphabet): one token met is sent back, so the rule is
  // judged on what the target gives rather than left without a verdict.
  const plain = walks.flatMap((walk) =>
    walk.pages
      .map(sendableToken)
      .filter((token) => token !== undefined)
      .slice(0, 1)
      .map((token) => ({ endpoint: walk.endpoint, token })),
  );
  const sent = special.length ? special : plain.slice(0, 1);
  if (sent.length === 0)
    throw noTokenToSend(
      walks
        .filter((walk) => walk.ended === 'unusable-step')
        .flatMap((walk) => walk.pages.slice(-1).map(({ exchange }) => exchange)),
      walks.flatMap((walk) => walk.pages.slice(0, 1).map(({ exchange }) => exchange)),
    );
  return Promise.all(
    sent.map(async ({ endpoint, token }) =>
      check(
        await client.page(endpoint, { pageRequest: 'NEXT', pageSize: 1, currentPage: token }),
        client.listing(endpoint),
      ),
    ),
  );
});

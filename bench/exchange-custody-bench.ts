/*
 * Benchmark, not a test: prints figures, asserts nothing.
 * 1. Wall time of `harness run --suite exchange` and of `harness run --suite custody` against the bundled reference
 * target.
 * 2. The longest walk: every listing of the reference walked forward at page size 1 (one exchange a page, each
 *    captured and read as a cursor page), in exchanges per second, against an in-process reference.
 */
import { printSuiteRun } from './suite-run.ts';
import { CustodyClient } from '../suites/custody/client/custody-client.ts';
import { DEFAULT_HTTP_CLIENT_OPTIONS } from '../client/http-client.ts';
import { Redactor } from '../core/redaction.ts';
import { custodyFamily } from '../families/custody.ts';
import { startReferenceServer } from '../reference/server.ts';
import { custodyListingPaths } from '../rules/custody/endpoints.ts';
import { walkListing } from '../suites/custody/support/walk-listing.ts';
import { custodySectionSchema } from '../suites/custody/entry/section.ts';

const runs = 100;

for (const suite of ['exchange', 'custody']) await printSuiteRun(suite, runs);

const env: NodeJS.ProcessEnv = { REFERENCE_CUSTODY_TOKEN: 'custody-bench-token' };
const reference = await startReferenceServer({ serve: [custodyFamily], env });
const section = custodySectionSchema.parse(
  custodyFamily.reference.targetSection(reference.baseUrls.custody as string, 'default', env),
);
const client = new CustodyClient(
  section,
  { ...DEFAULT_HTTP_CLIENT_OPTIONS, concurrency: 1, unresponsiveAfter: 3 },
  new Redactor(),
);
try {
  // One walk first so that the figures below are not the JIT's warm-up.
  await walkListing(client, custodyListingPaths[0] as string, 1, 'forward');
  let longest = { endpoint: '', pages: 0, ms: 0 };
  for (const endpoint of custodyListingPaths) {
    const walkStarted = performance.now();
    const walk = await walkListing(client, endpoint, 1, 'forward');
    const ms = performance.now() - walkStarted;
    if (walk.pages.length > longest.pages) longest = { endpoint, pages: walk.pages.length, ms };
  }
  console.log(
    `longest walk (${longest.endpoint}, page size 1): ${longest.pages} pages in ${longest.ms.toFixed(0)} ms, ${((longest.pages / longest.ms) * 1000).toFixed(0)} exchanges/s`,
  );
} finally {
  await client.close();
  await reference.close();
}

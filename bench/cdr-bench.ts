/*
 * Benchmark, not a test: prints figures, asserts nothing.
 * 1. Wall time of `harness run --suite cdr` against the bundled reference target.
 * 2. The link walks: every product of the reference (effective=ALL) walked by following `next` at page sizes
 *    1, 7 and 25, each page captured and parsed as a list response, in products per second, against an
 *    in-process reference.
 */
import { printSuiteRun } from './suite-run.ts';
import { walkProductIds } from '../suites/cdr/checks/product-walk.ts';
import { CdrClient } from '../suites/cdr/client/cdr-client.ts';
import { DEFAULT_HTTP_CLIENT_OPTIONS } from '../client/http-client.ts';
import { Redactor } from '../core/redaction.ts';
import { cdrFamily } from '../families/cdr.ts';
import { startReferenceServer } from '../reference/server.ts';
import { walkForward } from '../suites/cdr/support/walk-products.ts';
import { cdrSectionSchema } from '../suites/cdr/entry/section.ts';

const runs = 100;

await printSuiteRun('cdr', runs);

const reference = await startReferenceServer({ serve: [cdrFamily] });
const section = cdrSectionSchema.parse(
  cdrFamily.reference.targetSection(reference.baseUrls.cdr as string, 'default', {}),
);
const client = new CdrClient(
  section,
  { ...DEFAULT_HTTP_CLIENT_OPTIONS, concurrency: 1, unresponsiveAfter: 3 },
  new Redactor(),
);
try {
  // One walk first so that the figures below are not the JIT's warm-up.
  await walkForward(client, { effective: 'ALL', pageSize: 7 });
  for (const pageSize of [1, 7, 25]) {
    const walkStarted = performance.now();
    const walk = await walkForward(client, { effective: 'ALL', pageSize });
    const ms = performance.now() - walkStarted;
    const products = walkProductIds(walk).length;
    console.log(
      `link walk of every product at page size ${pageSize}: ${products} products on ${walk.pages.length} pages in ${ms.toFixed(0)} ms, ${((products / ms) * 1000).toFixed(0)} products/s`,
    );
  }
} finally {
  await client.close();
  await reference.close();
}

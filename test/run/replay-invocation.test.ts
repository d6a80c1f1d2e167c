import { expect, test } from 'vitest';
import { harnessInvocation } from '../../run/replay-invocation.ts';

test('a harness installed as a package (a dev dependency or npx cache) is replayed with npx harness, not a path into node_modules', () => {
  expect(harnessInvocation(['/usr/bin/node', '/team/repo/node_modules/.bin/harness'], '/usr/bin/node')).toEqual([
    'npx',
    'harness',
  ]);
  expect(
    harnessInvocation(
      ['/usr/bin/node', '/root/.npm/_npx/5f0c1a/node_modules/api-conformance-harness/bin/harness.js'],
      '/usr/bin/node',
    ),
  ).toEqual(['npx', 'harness']);
});

test('a checkout of the harness is replayed with node and the absolute path of its bin', () => {
  expect(harnessInvocation(['/usr/bin/node', '/src/harness/bin/harness.js'], '/usr/bin/node')).toEqual([
    'node',
    '/src/harness/bin/harness.js',
  ]);
  expect(harnessInvocation(['/usr/bin/node'], '/usr/bin/node')).toEqual(['npx', 'harness']);
});

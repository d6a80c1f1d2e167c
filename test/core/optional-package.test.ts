import { expect, test } from 'vitest';
import { HarnessError } from '../../core/harness-error.ts';
import { withOptionalPackage } from '../../core/optional-package.ts';

/*
 * An optional peer dependency (testcontainers, for container targets) not installed: the run that needs it stops with
 * PACKAGE_MISSING and the line that installs it, at the version package.json asks for; any other failure to load is
 * left as it is.
 */

test('a package not installed is PACKAGE_MISSING, with what needs it and the npm install line', async () => {
  const missing = Object.assign(new Error("Cannot find package 'testcontainers' imported from /x/engine.ts"), {
    code: 'ERR_MODULE_NOT_FOUND',
  });
  const error = await withOptionalPackage('testcontainers', 'target shop (kind container)', () =>
    Promise.reject(missing),
  ).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(HarnessError);
  expect((error as HarnessError).code).toBe('PACKAGE_MISSING');
  expect((error as HarnessError).message).toContain('target shop (kind container) needs the package testcontainers');
  expect((error as HarnessError).fix).toMatch(/^npm install --save-dev testcontainers@\d+\.\d+\.\d+$/);
});

test('another module missing, or an error inside the package, is not taken for it', async () => {
  const other = Object.assign(new Error("Cannot find package 'dockerode' imported from /x/engine.ts"), {
    code: 'ERR_MODULE_NOT_FOUND',
  });
  await expect(withOptionalPackage('testcontainers', 'x', () => Promise.reject(other))).rejects.toBe(other);
  const inside = new TypeError('boom');
  await expect(withOptionalPackage('testcontainers', 'x', () => Promise.reject(inside))).rejects.toBe(inside);
  expect(await withOptionalPackage('testcontainers', 'x', async () => 42)).toBe(42);
});

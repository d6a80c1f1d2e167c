import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { moduleCacheFolder } from '../../run/module-cache.ts';

describe('the folder that keeps transformed suite modules between runs', () => {
  test('is inside the install, so a new install starts it afresh', () => {
    const root = mkdtempSync(join(tmpdir(), 'harness-module-cache-'));
    mkdirSync(join(root, 'node_modules'));
    expect(moduleCacheFolder(root)).toBe(join(root, 'node_modules', '.harness-module-cache'));
  });

  test('is none where the install has no folder to write in: each run then transforms its modules itself', () => {
    expect(moduleCacheFolder(mkdtempSync(join(tmpdir(), 'harness-module-cache-')))).toBeUndefined();
  });
});

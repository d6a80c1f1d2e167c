import { test } from 'vitest';
import { runFamilyOnBlind } from '../blind-run.ts';
import { startBlindService } from './service.ts';

test('every cdr rule passes, or does not apply, on the blind cdr implementation (test/blind/cdr/PROMPT.md)', async () => {
  await runFamilyOnBlind('cdr', startBlindService);
});

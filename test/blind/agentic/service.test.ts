import { test } from 'vitest';
import { runFamilyOnBlind } from '../blind-run.ts';
import { startBlindService } from './service.ts';

test('every agentic rule passes, or does not apply, on the blind partner (test/blind/agentic/PROMPT.md)', async () => {
  await runFamilyOnBlind('agentic', startBlindService);
});

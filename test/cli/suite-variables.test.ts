import { expect, test } from 'vitest';
import { bundledTargets, runCli, writeTargets } from '../support/run-harness-cli.ts';

/*
 * A run of one family asks only for that family's variables: a team that judges its shortener never has to
 * export the cards token of an entry that also declares cards. Without --suite, the unset one is still an error.
 */
test('--suite shortener needs no variable of the cards section; the whole entry still names the unset one', async () => {
  const entry = bundledTargets.targets.reference;
  if (!entry) throw new Error('bundled targets.json has no reference');
  const families = entry.families as Record<string, Record<string, unknown>>;
  const targets = writeTargets({
    partial: {
      ...entry,
      families: {
        shortener: families.shortener,
        cards: { ...families.cards, token: '${HARNESS_TEST_UNSET_CARDS_TOKEN}' },
      },
    },
  });
  const unset = { HARNESS_TEST_UNSET_CARDS_TOKEN: undefined };
  const shortenerOnly = await runCli(
    ['doctor', '--targets', targets, '--target', 'partial', '--suite', 'shortener'],
    unset,
  );
  expect(shortenerOnly.code, shortenerOnly.stdout + shortenerOnly.stderr).toBe(0);
  expect(shortenerOnly.stderr).not.toContain('HARNESS_TEST_UNSET_CARDS_TOKEN');
  const whole = await runCli(['doctor', '--targets', targets, '--target', 'partial'], unset);
  expect(whole.code).toBe(2);
  expect(whole.stderr).toContain('HARNESS_TEST_UNSET_CARDS_TOKEN');
  expect(whole.stderr).toContain('targets.partial.families.cards.token');
});

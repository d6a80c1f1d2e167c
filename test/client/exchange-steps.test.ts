import { describe, expect, it } from 'vitest';
import { composeSteps, type Step } from '../../client/exchange-steps.ts';

/** A call that only records what ran, in order. */
type Trace = { events: string[] };

const recording =
  (name: string): Step<Trace> =>
  async (call, next) => {
    call.events.push(`${name} before`);
    await next();
    call.events.push(`${name} after`);
  };

describe('composeSteps', () => {
  it('runs the steps outermost first around the terminal, and their after-parts innermost first', async () => {
    const run = composeSteps<Trace>(
      [recording('outer'), recording('inner')],
      async (call) => void call.events.push('terminal'),
    );
    const call: Trace = { events: [] };
    await run(call);
    expect(call.events).toEqual(['outer before', 'inner before', 'terminal', 'inner after', 'outer after']);
  });

  it('a step that does not call next ends the exchange there: no inner step and no terminal runs', async () => {
    const refuse: Step<Trace> = async (call) => void call.events.push('refused');
    const run = composeSteps<Trace>(
      [recording('outer'), refuse, recording('inner')],
      async (call) => void call.events.push('terminal'),
    );
    const call: Trace = { events: [] };
    await run(call);
    expect(call.events).toEqual(['outer before', 'refused', 'outer after']);
  });

  it('no steps: the terminal alone', async () => {
    const call: Trace = { events: [] };
    await composeSteps<Trace>([], async (c) => void c.events.push('terminal'))(call);
    expect(call.events).toEqual(['terminal']);
  });
});

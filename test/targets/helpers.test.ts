import { describe, expect, test } from 'vitest';
import { commandArgv } from '../../targets/launch-target.ts';
import { didYouMean } from '../../core/did-you-mean.ts';
import { HarnessError } from '../../core/harness-error.ts';
import { fillEnvPlaceholders, fillToken, formatKeyPath, mentionsToken } from '../../targets/placeholders.ts';

describe('didYouMean', () => {
  const known = ['tenant', 'targets', 'baseUrls', 'credentials', 'waivers'];
  test('finds the closest name for a typo, ignoring case', () => {
    expect(didYouMean('tenat', known)).toBe('tenant');
    expect(didYouMean('TENANT', known)).toBe('tenant');
    expect(didYouMean('baseUrl', known)).toBe('baseUrls');
    expect(didYouMean('credentails', known)).toBe('credentials');
  });
  test('gives no guess when nothing is close or nothing is known', () => {
    expect(didYouMean('zzzzzz', known)).toBeUndefined();
    expect(didYouMean('tenant', [])).toBeUndefined();
  });
  test('longer inputs allow more edits (a third of the length)', () => {
    const rule = 'billing.headers.track_id.charset';
    expect(didYouMean('billing.header.trackid.charsets', [rule])).toBe(rule);
    expect(didYouMean('abcxyz', ['abc'])).toBeUndefined();
  });
});

describe('formatKeyPath', () => {
  test('joins names with dots and indexes in brackets', () => {
    expect(formatKeyPath(['targets', 'staging', 'credentials', 'billing', 'clientSecret'])).toBe(
      'targets.staging.credentials.billing.clientSecret',
    );
    expect(formatKeyPath(['targets', 'a', 'waivers', 1, 'rule'])).toBe('targets.a.waivers[1].rule');
    expect(formatKeyPath(['targets', 'a', 'command', 0])).toBe('targets.a.command[0]');
    expect(formatKeyPath([])).toBe('');
  });
});

describe('fillEnvPlaceholders', () => {
  test('fills every ${VAR} in nested strings and leaves other values alone', () => {
    const input = {
      a: 'x-${ONE}-${TWO}',
      list: ['${ONE}', 3, null, true],
      nested: { b: '${TWO}', c: '$ONE {ONE} ${1BAD}' },
    };
    const before = structuredClone(input);
    expect(fillEnvPlaceholders(input, { ONE: '1', TWO: 'two' }, ['t'])).toEqual({
      a: 'x-1-two',
      list: ['1', 3, null, true],
      nested: { b: 'two', c: '$ONE {ONE} ${1BAD}' },
    });
    expect(input).toEqual(before);
  });
  test('an empty value is ENV_MISSING too, saying the variable is set but empty (a CI secret that is not set)', () => {
    let thrown: unknown;
    try {
      fillEnvPlaceholders({ apiKey: '${LOYALTY_KEY}' }, { LOYALTY_KEY: '' }, ['targets', 'ci', 'families', 'loyalty']);
    } catch (error) {
      thrown = error;
    }
    const error = thrown as HarnessError;
    expect(error.code).toBe('ENV_MISSING');
    expect(error.message).toBe(
      'targets.ci.families.loyalty.apiKey uses ${LOYALTY_KEY}, which is set but empty (a CI secret that is not set arrives as an empty string)',
    );
    expect(error.fix).toContain('export LOYALTY_KEY=');
  });
  test('an unset variable is ENV_MISSING naming the key path, with the array index', () => {
    let thrown: unknown;
    try {
      fillEnvPlaceholders({ command: ['node', '${SCRIPT}'] }, {}, ['targets', 'local']);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HarnessError);
    const error = thrown as HarnessError;
    expect(error.code).toBe('ENV_MISSING');
    expect(error.message).toBe('targets.local.command[1] uses ${SCRIPT}, which is not set in the environment');
    expect(error.fix).toContain('export SCRIPT=');
  });
  test('a value is never re-expanded', () => {
    expect(fillEnvPlaceholders('${A}', { A: '${B}', B: 'no' }, [])).toBe('${B}');
  });
});

describe('fillToken and mentionsToken', () => {
  test('replaces every {token} in nested strings only', () => {
    const input = { url: 'http://h:{port}/{port}', argv: ['--port', '{port}', '{other}'], n: 1 };
    expect(fillToken(input, 'port', '8080')).toEqual({
      url: 'http://h:8080/8080',
      argv: ['--port', '8080', '{other}'],
      n: 1,
    });
    expect(input.argv[1]).toBe('{port}');
  });
  test('mentionsToken finds the token anywhere', () => {
    expect(mentionsToken({ a: ['x', { b: 'y{port}' }] }, 'port')).toBe(true);
    expect(mentionsToken({ a: 'port' }, 'port')).toBe(false);
    expect(mentionsToken(undefined, 'port')).toBe(false);
  });
});

describe('commandArgv', () => {
  test('{harness} runs the harness CLI with this Node', () => {
    const argv = commandArgv(['{harness}', 'reference', '--port', '1']);
    expect(argv[0]).toBe(process.execPath);
    expect(argv[1]).toMatch(/bin[\\/]harness\.js$/);
    expect(argv.slice(2)).toEqual(['reference', '--port', '1']);
  });
  test('another command is copied as it is', () => {
    const command = ['node', 'x.js'];
    expect(commandArgv(command)).toEqual(command);
    expect(commandArgv(command)).not.toBe(command);
  });
});

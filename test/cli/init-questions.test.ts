import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { expect, test } from 'vitest';
import { askInitQuestions } from '../../cli/init-ask.ts';
import { asksQuestions } from '../../cli/init-cli.ts';
import { draftInit, initTargets } from '../../cli/init-command.ts';
import { answerCheck, initQuestions } from '../../cli/init-questions.ts';
import { tempFolder } from '../support/temp-folders.ts';

/* harness init at a terminal: which questions, the loop on a stream pair, and when it asks at all. */

const draftOf = (families: string[], set: string[] = []) =>
  draftInit({ targetsFile: join(tempFolder('harness-init-ask-'), 'targets.json'), name: 'svc', families, set });

/** Runs the loop on PassThrough streams with the lines given at once; resolves to the answers and what it printed. */
async function ask(families: string[], lines: string[], { end = true } = {}) {
  const draft = draftOf(families);
  const input = new PassThrough();
  const output = new PassThrough();
  let printed = '';
  output.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const answers = askInitQuestions(initQuestions(draft), { input, output }, answerCheck(draft));
  input.write(lines.map((line) => `${line}\n`).join(''));
  if (end) input.end();
  return { answers: await answers.catch((error: Error) => error), printed: () => printed };
}

test('the questions are the needs a --set answers and the defaults that are the service to decide; never a secret, never a key a flag set', () => {
  const keys = (draft: ReturnType<typeof draftOf>) => initQuestions(draft).map((question) => question.setKey);
  expect(keys(draftOf(['loyalty']))).toEqual([
    'loyalty.baseUrl',
    'loyalty.mac.id',
    'loyalty.mac.signs',
    'loyalty.mac.bodyHashAlgorithm',
    'loyalty.mac.encoding',
    'loyalty.mac.windowMs',
    'loyalty.mandatoryDemographics',
    'loyalty.programCodes',
  ]);
  // The tenancy is asked whole, with its documented modes as what Enter keeps.
  const billing = initQuestions(draftOf(['billing']));
  expect(billing.map((question) => question.setKey)).toEqual([
    'billing.baseUrl',
    'billing.credentials.clientId',
    'billing.tenant',
  ]);
  expect(billing.at(-1)?.current).toMatchObject({ multiOrg: false, tokenEntityScope: 'single' });
  // A flag's key, and every key under it, is not asked again; a flag's choices are listed.
  expect(
    keys(draftOf(['loyalty'], ['loyalty.mac={"id":"c","secret":"${S}"}', 'loyalty.baseUrl=http://a.example'])),
  ).toEqual(['loyalty.mandatoryDemographics', 'loyalty.programCodes']);
  expect(
    initQuestions(draftOf(['cards'])).find((question) => question.setKey === 'cards.walletProvisioning'),
  ).toMatchObject({ choices: [true, false], current: false });
});

test('the loop: an answer is a --set, Enter keeps the value, a bad answer is named and asked again', async () => {
  const { answers, printed } = await ask(
    ['loyalty'],
    [
      'not a url',
      'http://127.0.0.1:8080/loyalty',
      'client-7',
      '',
      'sha1',
      'sha512',
      '',
      '60000',
      '{"PROGRAM_HOTEL_1":["EMAIL"]}',
      '',
    ],
  );
  expect(answers).toEqual([
    'loyalty.baseUrl=http://127.0.0.1:8080/loyalty',
    'loyalty.mac.id=client-7',
    'loyalty.mac.bodyHashAlgorithm=sha512',
    'loyalty.mac.windowMs=60000',
    'loyalty.mandatoryDemographics={"PROGRAM_HOTEL_1":["EMAIL"]}',
  ]);
  // Each question shows its key, what it is for and what Enter keeps; a wrong answer gets the schema's words.
  expect(printed()).toContain('loyalty.mac.id: the MAC id the network gave you');
  expect(printed()).toContain('loyalty.mac.id [${LOYALTY_MAC_ID}]: ');
  expect(printed()).toContain('loyalty.mac.encoding (base64 or hex) [base64]: ');
  expect(printed()).toContain('targets.svc.families.loyalty.baseUrl: Invalid URL');
  expect(printed()).toContain('targets.svc.families.loyalty.mac.bodyHashAlgorithm: Invalid option');
  expect(printed()).not.toContain('mac.secret');
});

test('the end of the input at a question stops init with a USAGE error (exit 2) naming the key', async () => {
  const { answers } = await ask(['loyalty'], ['http://127.0.0.1:8080/loyalty']);
  expect(answers).toMatchObject({ code: 'USAGE', message: expect.stringContaining('stopped at loyalty.mac.id') });
});

test('the answers written as flags give the entry --set gives; a value --set cannot take is a USAGE error naming the key', () => {
  const targetsFile = join(tempFolder('harness-init-ask-'), 'targets.json');
  const result = initTargets({
    targetsFile,
    name: 'svc',
    families: ['loyalty'],
    set: ['loyalty.mandatoryDemographics={"NET_AIR":["EMAIL"]}', 'loyalty.programCodes=["NET_AIR"]'],
  });
  // Keys related by a refinement are judged together, whichever comes first.
  expect((result.entry.families as Record<string, Record<string, unknown>>).loyalty?.programCodes).toEqual(['NET_AIR']);
  expect(() => draftOf(['loyalty'], ['loyalty.mac.windowMs=soon'])).toThrow(
    /loyalty\.mac\.windowMs: Invalid input: expected number/,
  );
  expect(() => draftOf(['loyalty'], ['loyalty.mac.idd=client-7'])).toThrow(/unknown key "idd" \(did you mean "id"\?\)/);
  // The user's own placeholder is checked once it is set, not here.
  expect(() => draftOf(['billing'], ['billing.credentials.clientId=${MY_ID}'])).not.toThrow();
});

test('init asks only with a person at a terminal: stdin and stdout a TTY, not in CI, not with --no-input', () => {
  const tty = { isTTY: true };
  expect(asksQuestions(tty, tty, {}, false)).toBe(true);
  expect(asksQuestions(tty, tty, { CI: 'false' }, false)).toBe(true);
  expect(asksQuestions({}, tty, {}, false)).toBe(false);
  expect(asksQuestions(tty, {}, {}, false)).toBe(false);
  expect(asksQuestions(tty, tty, { CI: 'true' }, false)).toBe(false);
  expect(asksQuestions(tty, tty, {}, true)).toBe(false);
});

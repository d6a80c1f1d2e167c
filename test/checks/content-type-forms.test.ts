import { expect, test } from 'vitest';
import { contentTypeForms } from '../../checks/content-type-forms.ts';
import { exchange, failedExchange } from './exchanges.ts';

test('content-type-forms counts each Content-Type as sent, "(none)" for none, and skips exchanges without a response', () => {
  const forms = contentTypeForms([
    exchange({ headers: { 'content-type': 'application/json' }, body: '{}' }),
    exchange({ headers: { 'content-type': 'application/json' }, body: '[]' }),
    exchange({ headers: { 'content-type': 'application/json;charset=UTF-8' }, body: '{}' }),
    exchange({ headers: {}, body: '{}' }),
    exchange({ headers: { 'content-type': '' }, body: '' }),
    failedExchange('TIMEOUT'),
  ]);
  expect(forms).toEqual({ 'application/json': 2, 'application/json;charset=UTF-8': 1, '(none)': 2 });
});

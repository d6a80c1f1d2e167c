import { expect, test } from 'vitest';
import { environmentProperties } from '../../reporting/allure-environment.ts';

test('environment.properties keeps each fact on one line, its key whole (spaces, = and : escaped)', () => {
  expect(environmentProperties({ 'runs per property': '5', 'a=b:c': 'x=y', note: 'two\nlines' })).toBe(
    'runs\\ per\\ property=5\na\\=b\\:c=x=y\nnote=two\\nlines\n',
  );
});

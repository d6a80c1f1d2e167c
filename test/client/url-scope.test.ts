import { describe, expect, test } from 'vitest';
import { outsideScope, withinScope } from '../../client/url-scope.ts';

describe('outsideScope', () => {
  const scope = { baseUrl: 'http://127.0.0.1:8080/cdr' };

  test.each([
    'http://127.0.0.1:8080/cdr',
    'http://127.0.0.1:8080/cdr/',
    'http://127.0.0.1:8080/cdr/v1/banking/products?page=2',
  ])('%s is under the base URL', (url) => expect(outsideScope(url, scope)).toBeUndefined());

  test.each([
    ['http://169.254.169.254/latest/meta-data', /not the base URL's origin http:\/\/127\.0\.0\.1:8080/],
    ['https://127.0.0.1:8080/cdr/v1', /not the base URL's origin/],
    ['http://127.0.0.1:8081/cdr/v1', /not the base URL's origin/],
    ['http://127.0.0.1:8080/cdrx/v1', /not under the base path \/cdr/],
    ['http://127.0.0.1:8080/other', /not under the base path/],
    ['http://user:pw@127.0.0.1:8080/cdr/v1', /carries credentials/],
    ['/cdr/v1/banking/products', /not an absolute URL/],
  ])('%s is outside', (url, why) => expect(outsideScope(url, scope)).toMatch(why));

  test('an origin of followOrigins is allowed in all its paths; others stay outside', () => {
    const gateway = { ...scope, followOrigins: ['https://api.holder.example'] };
    expect(withinScope('https://api.holder.example/cds-au/v1/banking/products?page=3', gateway)).toBe(true);
    expect(withinScope('https://api.holder.example:444/x', gateway)).toBe(false);
    expect(outsideScope('http://169.254.169.254/', gateway)).toMatch(
      /nor one of followOrigins \(https:\/\/api\.holder\.example\)/,
    );
  });

  test('a base URL at the root allows every path of its origin', () => {
    expect(withinScope('http://127.0.0.1:9/anything', { baseUrl: 'http://127.0.0.1:9' })).toBe(true);
  });
});

import { describe, expect, test } from 'vitest';
import { operationNotServed } from '../../../../suites/exchange/checks/operation-served.ts';
import { exchange, jsonExchange } from '../../../checks/exchanges.ts';

describe('operationNotServed, for an operation the documents do not show', () => {
  test('404 or 405, or the endpoint-unavailable code at any status, say the target does not serve it', () => {
    expect(operationNotServed(exchange({ status: 404, body: 'Not Found' }))).toBe('answered 404');
    expect(operationNotServed(exchange({ status: 405 }))).toBe('answered 405');
    expect(
      operationNotServed(
        jsonExchange(404, { code: '50005', msg: 'API endpoint is inactive or unavailable', data: [] }),
      ),
    ).toContain('code 50005 (endpoint unavailable)');
    expect(operationNotServed(jsonExchange(200, { code: '50005', msg: '', data: [] }))).toContain('code 50005');
  });
  test("a 404 carrying the rule's own code, any other answer, or no answer at all, say it is served", () => {
    expect(operationNotServed(jsonExchange(404, { code: '51603', msg: '', data: [] }), ['51603'])).toBeUndefined();
    expect(operationNotServed(jsonExchange(200, { code: '51603', msg: '', data: [] }), ['51603'])).toBeUndefined();
    expect(operationNotServed(jsonExchange(400, { code: '51000', msg: '', data: [] }))).toBeUndefined();
    expect(operationNotServed({ ...exchange(), response: undefined })).toBeUndefined();
  });
});

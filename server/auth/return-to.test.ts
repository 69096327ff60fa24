import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-to.ts';

const ORIGIN = 'http://churchkey.test:8080';

describe('safeReturnPath', () => {
  it.each([
    ['/incident/4/type/swimlane?x=1#e', '/incident/4/type/swimlane?x=1#e'],
    ['http://churchkey.test:8080/organizations', '/organizations'],
    ['incident/4', '/incident/4'],
    ['', '/'],
    [undefined, '/'],
    [42, '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example/x', '/'],
    ['\\\\evil.example', '/'],
    ['http://churchkey.test:8080@evil.example/', '/'],
    ['http://churchkey.test:9090/', '/'],
    ['javascript:alert(document.cookie)', '/'],
    ['/auth/logout', '/'],
    ['/' + 'a'.repeat(3000), '/'],
  ])('turns %s into %s', (from, expected) => {
    expect(safeReturnPath(from, ORIGIN)).toBe(expected);
  });
});

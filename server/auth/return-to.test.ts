import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-to.ts';

const ORIGIN = 'http://churchkey.test:8080';

/** What a browser makes of a Location header: where it would go. */
const followed = (location: string) => new URL(location, ORIGIN);

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
    // The red team's variants (issue 17, finding 4), and more of their kind.
    ['/.//evil.example/x', '/'],
    ['/a/..//evil', '/'],
    ['/%2e//evil', '/'],
    ['/%2E%2E//evil', '/'],
    [`${ORIGIN}//evil`, '/'],
    [`${ORIGIN}/\\evil`, '/'],
    ['/./\\evil', '/'],
    ['/\t/evil.example', '/'],
    ['/\n/evil.example', '/'],
    ['\t//evil.example', '/'],
    ['/.\\/evil', '/'],
    ['/a/../\\evil', '/'],
    ['/%5c/evil', '/%5c/evil'],
    ['/%2f/evil', '/%2f/evil'],
    ['/incident/./4/../5', '/incident/5'],
  ])('turns %j into %j', (from, expected) => {
    expect(safeReturnPath(from, ORIGIN)).toBe(expected);
  });

  const PIECES = [
    '/',
    '//',
    '\\',
    '.',
    '..',
    '%2e',
    '%2E',
    '%2f',
    '%5c',
    '\t',
    '\n',
    '\r',
    ' ',
    '@',
    ':',
    '?',
    '#',
    'evil.example',
    ORIGIN,
    'http:',
    'https://',
    'a',
    '%09',
    '\u0000',
    '。',
    '＼',
  ];

  it('never leaves the origin, whatever pieces `from` is made of', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }), (pieces) => {
        const path = safeReturnPath(pieces.join(''), ORIGIN);
        expect(path).toMatch(/^\/(?![/\\])/);
        expect(followed(path).origin).toBe(ORIGIN);
        expect(followed(path.replaceAll('\\', '/')).origin).toBe(ORIGIN);
      }),
      { numRuns: 5000 },
    );
  });

  it('never leaves the origin for any string at all', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (from) => {
        const path = safeReturnPath(from, ORIGIN);
        expect(path).toMatch(/^\/(?![/\\])/);
        expect(followed(path).origin).toBe(ORIGIN);
      }),
      { numRuns: 5000 },
    );
  });
});

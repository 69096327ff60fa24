import { describe, expect, it } from 'vitest';
import { byteRange, contentDisposition, isInline, matchesEtag, servedContentType } from './upload-headers.ts';

describe('how uploads are served', () => {
  it.each([
    ['image/png', 'image', 'image/png'],
    ['image/jpg', 'image', 'image/jpeg'],
    ['image/svg+xml', 'image', 'application/octet-stream'],
    ['text/html', 'text', 'application/octet-stream'],
    ['text/html', 'har', 'application/octet-stream'],
    ['application/xhtml+xml', 'text', 'application/octet-stream'],
    ['application/json', 'har', 'application/json'],
    ['text/plain', 'har', 'application/json'],
    ['text/csv', 'text', 'text/plain; charset=utf-8'],
    ['audio/x-wav', 'audio', 'audio/wav'],
    ['video/quicktime', 'video', 'application/octet-stream'],
    ['application/pdf', 'pdf', 'application/pdf'],
  ] as const)('%s (%s) goes out as %s', (mediaType, kind, served) => {
    expect(servedContentType({ mediaType, kind })).toBe(served);
  });

  it('encodes any file name safely in Content-Disposition', () => {
    expect(contentDisposition('inline', 'a"b\\c;d\r\n.png')).toBe(
      `inline; filename="a_b_c_d__.png"; filename*=UTF-8''a%22b%5Cc%3Bd%0D%0A.png`,
    );
  });

  it('shows images, audio and video inline, and never a PDF (it may carry scripts)', () => {
    expect(isInline('image/png')).toBe(true);
    expect(isInline('video/webm')).toBe(true);
    expect(isInline('application/pdf')).toBe(false);
    expect(isInline('application/octet-stream')).toBe(false);
  });

  it('matches entity tags the way If-None-Match lists them', () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('W/"abc", "def"', '"abc"')).toBe(true);
    expect(matchesEtag('*', '"abc"')).toBe(true);
    expect(matchesEtag('"ab"', '"abc"')).toBe(false);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
  });

  it('honours one byte range, ignores what it does not understand', () => {
    expect(byteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(byteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(byteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(byteRange('items=0-1', 100)).toBeUndefined();
    expect(byteRange('bytes=9-2', 100)).toBeUndefined();
    expect(byteRange(undefined, 100)).toBeUndefined();
  });
});

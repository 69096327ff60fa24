import { describe, expect, it } from 'vitest';
import { inferUploadKind, normalizeMediaType, safeFileName } from './upload-media.ts';

describe('upload media', () => {
  it.each([
    ['capture.har', 'application/json', 'har'],
    ['capture.HAR', 'application/octet-stream', 'har'],
    ['screen.png', 'image/png', 'image'],
    ['logo.svg', 'image/svg+xml', 'image'],
    ['call.mp3', 'audio/mpeg', 'audio'],
    ['walkthrough.webm', 'video/webm', 'video'],
    ['postmortem.pdf', 'application/octet-stream', 'pdf'],
    ['postmortem', 'application/pdf', 'pdf'],
    ['irc.log', 'text/plain', 'text'],
    ['page.html', 'text/html', 'text'],
    ['archive.zip', 'application/zip', 'text'],
  ])('%s (%s) is %s', (name, type, kind) => {
    expect(inferUploadKind(name, type)).toBe(kind);
  });

  it('keeps a declared type without its parameters, and names an unknown one by the extension', () => {
    expect(normalizeMediaType('Text/Plain; charset=UTF-8', 'a.txt')).toBe('text/plain');
    expect(normalizeMediaType('', 'capture.har')).toBe('application/json');
    expect(normalizeMediaType('application/octet-stream', 'shot.PNG')).toBe('image/png');
    expect(normalizeMediaType('not a type', 'mystery')).toBe('application/octet-stream');
    expect(normalizeMediaType('text/html\r\nX-Evil: 1', 'x')).toBe('application/octet-stream');
  });

  it('makes a display name: last path part, no control or direction characters, at most 255', () => {
    expect(safeFileName('/etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\ada\\report.txt')).toBe('report.txt');
    expect(safeFileName('in\u0000voice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(safeFileName('..')).toBe('upload');
    expect(safeFileName(undefined)).toBe('upload');
    expect(Array.from(safeFileName('😀'.repeat(300)))).toHaveLength(255);
  });
});

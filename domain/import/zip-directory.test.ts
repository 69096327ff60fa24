/*
 * The central directory reader the Slack importer inflates day files through: names, sizes, an
 * archive comment, a size that lies, and bytes that are no zip.
 */
import { strFromU8, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { inflateEntry, zipDirectory } from './zip-directory.ts';

describe('the zip directory', () => {
  it('lists stored and deflated entries with their sizes and reads each one on its own', () => {
    const text = 'ä day of messages '.repeat(200);
    const zip = zipSync({
      'kanäle/2024-01-01.json': [strToU8(text), { level: 9 }],
      'users.json': [strToU8('[]'), { level: 0 }],
    });
    const entries = zipDirectory(zip);
    expect(entries.map(({ name, method, bytes }) => ({ name, method, bytes }))).toEqual([
      { name: 'kanäle/2024-01-01.json', method: 8, bytes: strToU8(text).byteLength },
      { name: 'users.json', method: 0, bytes: 2 },
    ]);
    expect(strFromU8(inflateEntry(zip, entries[0]!))).toBe(text);
    expect(strFromU8(inflateEntry(zip, entries[1]!))).toBe('[]');
  });

  it('finds the directory behind an archive comment', () => {
    const zip = zipSync({ 'a.json': strToU8('{}') });
    const comment = strToU8(`PK\x05\x06${'a note from the exporting tool '.repeat(3)}`);
    const withComment = new Uint8Array(zip.byteLength + comment.byteLength);
    withComment.set(zip);
    withComment.set(comment, zip.byteLength);
    new DataView(withComment.buffer).setUint16(zip.byteLength - 2, comment.byteLength, true);
    expect(zipDirectory(withComment).map((entry) => entry.name)).toEqual(['a.json']);
  });

  it('never writes past the declared size, whatever the packed bytes hold', () => {
    const zip = zipSync({ 'big.json': [strToU8('x'.repeat(100_000)), { level: 9 }] });
    const [entry] = zipDirectory(zip);
    const unpacked = inflateEntry(zip, { ...entry!, bytes: 10 });
    expect(unpacked.byteLength).toBe(10);
  });

  it('refuses bytes that are not a zip, naming why', () => {
    expect(() => zipDirectory(strToU8('PK but not a zip at all, just text'))).toThrow(
      'Not a readable zip archive: no end of central directory record',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { decodeStart, textChunks } from './byte-chunks.ts';

async function* chunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += size) yield bytes.subarray(at, at + size);
}

async function text(bytes: Uint8Array, size: number): Promise<string> {
  let out = '';
  for await (const piece of textChunks(chunks(bytes, size))) out += piece;
  return out;
}

function utf16(value: string, bigEndian: boolean): Uint8Array {
  const bytes = new Uint8Array(2 + value.length * 2);
  bytes.set(bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]);
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    bytes[2 + index * 2] = bigEndian ? code >> 8 : code & 0xff;
    bytes[3 + index * 2] = bigEndian ? code & 0xff : code >> 8;
  }
  return bytes;
}

describe('textChunks', () => {
  const sample = '20100720 183814 File "C:\\x.com" ’日本’\n';

  it('decodes UTF-16 LE and BE after their byte order mark, whatever the chunk size', async () => {
    for (const bigEndian of [false, true]) {
      for (const size of [1, 2, 3, 5, 1024]) expect(await text(utf16(sample, bigEndian), size)).toBe(sample);
    }
  });

  it('decodes UTF-8 with or without a BOM, a character split across chunks kept whole', async () => {
    const bytes = new TextEncoder().encode(`\uFEFF${sample}`);
    for (const size of [1, 2, 7]) expect(await text(bytes, size)).toBe(sample);
    expect(await text(new TextEncoder().encode('x'), 1)).toBe('x');
  });

  it('decodes the start of a file for detection in the encoding its BOM names', () => {
    expect(decodeStart(utf16(sample, false))).toBe(sample);
    expect(decodeStart(new TextEncoder().encode(sample))).toBe(sample);
  });

  // A GPX as CompeGPS and OziExplorer write it: ISO-8859-1, named in the XML declaration.
  const latin1 = (value: string) => Uint8Array.from(value, (character) => character.charCodeAt(0));
  const gpx = '<?xml version="1.0" encoding="ISO-8859-1"?>\n<gpx><trk><name>München étape</name></trk></gpx>\n';

  it('decodes in the encoding an XML declaration names, whatever the chunk size', async () => {
    for (const size of [1, 3, 40, 1024]) expect(await text(latin1(gpx), size)).toBe(gpx);
    expect(decodeStart(latin1(gpx))).toBe(gpx);
  });

  // OziExplorer's own track files and Windows "ANSI" exports: windows-1252, with no BOM or declaration.
  const plt =
    'OziExplorer Track Point File Version 2.1\r\nWGS 84\r\n0,2,255,Fahrt nach Zürich – Straße,0,0,2,8421376\r\n';
  const windows1252 = (value: string) => new Uint8Array(Buffer.from(value.replace('–', '\u0096'), 'latin1'));

  it('decodes a file whose first bytes are not UTF-8 and hold no UTF-8 character as windows-1252', async () => {
    for (const size of [3, 40, 1024]) expect(await text(windows1252(plt), size)).toBe(plt);
    expect(decodeStart(windows1252(plt))).toBe(plt);
  });

  it('keeps UTF-8 when a stray byte sits among real UTF-8 characters, or a character is cut at the sample end', async () => {
    const utf8 = new TextEncoder().encode('Zürich Straße\n');
    const stray = new Uint8Array([...utf8, 0x96, 0x0a]);
    expect(await text(stray, 1024)).toBe('Zürich Straße\n\uFFFD\n');
    const cut = new TextEncoder().encode('abc ’').subarray(0, 5);
    expect(decodeStart(cut)).toBe('abc ');
  });

  it('keeps UTF-8 for a declaration of UTF-8, UTF-16 without a BOM, or an encoding no decoder knows', async () => {
    for (const label of ['UTF-8', 'UTF-16', 'x-unknown-1']) {
      const declared = gpx.replace('ISO-8859-1', label);
      expect(await text(new TextEncoder().encode(declared), 7)).toBe(declared);
    }
    expect(await text(new TextEncoder().encode('<?'), 1)).toBe('<?');
  });
});

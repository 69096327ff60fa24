import { describe, expect, it } from 'vitest';
import { delimitedRows, type DelimitedRow, type RowLayout } from './delimited-rows.ts';

const CSV: RowLayout = { delimiter: ',', quoted: true, preambleRows: 0 };

async function* pieces(text: string, size: number): AsyncGenerator<string> {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

async function rows(
  text: string,
  layout: RowLayout = CSV,
  pieceSize = text.length || 1,
  passChars?: number,
): Promise<DelimitedRow[]> {
  const out: DelimitedRow[] = [];
  for await (const batch of delimitedRows(pieces(text, pieceSize), layout, passChars)) out.push(...batch);
  return out;
}

describe('delimitedRows', () => {
  it('splits quoted fields holding delimiters, newlines and "" escapes, and numbers rows by their first line', async () => {
    const text =
      'time,actor,message\n1,alice,"hello, world"\n2,bob,"two\nlines"\n3,carol,"she said ""hi"""\n4,dave,plain\n';
    expect(await rows(text)).toEqual([
      { line: 1, fields: ['time', 'actor', 'message'] },
      { line: 2, fields: ['1', 'alice', 'hello, world'] },
      { line: 3, fields: ['2', 'bob', 'two\nlines'] },
      { line: 5, fields: ['3', 'carol', 'she said "hi"'] },
      { line: 6, fields: ['4', 'dave', 'plain'] },
    ]);
  });

  it('reads CRLF line ends, also mixed with LF and after a quoted field', async () => {
    const text = 'a,b\r\n1,"x"\r\n2,y\n3,"z\r\nz"\r\n';
    expect(await rows(text)).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', 'x'] },
      { line: 3, fields: ['2', 'y'] },
      { line: 4, fields: ['3', 'z\r\nz'] },
    ]);
  });

  it('drops a byte order mark and skips empty lines while counting them', async () => {
    expect(await rows('\uFEFFa,b\n\n1,2\r\n\r\n\n3,4')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 3, fields: ['1', '2'] },
      { line: 6, fields: ['3', '4'] },
    ]);
  });

  it('skips preamble lines before parsing them, even one with an unbalanced quote', async () => {
    expect(await rows('Report "Q1\nexported today\nt,m\n1,x\n', { ...CSV, preambleRows: 2 })).toEqual([
      { line: 3, fields: ['t', 'm'] },
      { line: 4, fields: ['1', 'x'] },
    ]);
  });

  it('skips comment rows anywhere and reads quotes as text when quoting is off (Zeek)', async () => {
    const layout: RowLayout = { delimiter: '\t', quoted: false, preambleRows: 1, commentPrefix: '#' };
    const text = '#fields\tts\tmsg\n1.5\t"quoted" {"json": 1}\n#close\t2024\n';
    expect(await rows(text, layout)).toEqual([{ line: 2, fields: ['1.5', '"quoted" {"json": 1}'] }]);
  });

  it('keeps short and long rows as written', async () => {
    expect((await rows('a,b,c\n1,2\n1,2,3,4\n')).map((row) => row.fields.length)).toEqual([3, 2, 4]);
  });

  it('gives the same rows whatever the chunk and pass sizes', async () => {
    const text = '\uFEFFid,text\r\n1,"a, ""b""\r\nc"\r\n\r\n2,日本語 ’quote’\n3,"\n"\n4,end';
    const expected = await rows(text);
    expect(expected.map((row) => row.line)).toEqual([1, 2, 5, 6, 8]);
    for (const pieceSize of [1, 2, 3, 7, 64]) {
      for (const passChars of [1, 5, 16, 1 << 20]) {
        expect(await rows(text, CSV, pieceSize, passChars)).toEqual(expected);
      }
    }
  });

  it('refuses a record that never ends instead of buffering the whole file', async () => {
    const text = `a,b\n1,"never closed${'x'.repeat(9 << 20)}`;
    await expect(rows(text, CSV, 1 << 20)).rejects.toThrow(/Line 2: one record runs on for more than 8 MiB/);
  });

  it('splits runs of whitespace and multi-character delimiters line by line, whatever the chunk and pass sizes', async () => {
    const spaced = 'a   b\tc\n  1  2 "x y"\r\n\n3 4 5';
    const layout: RowLayout = { delimiter: 'whitespace', quoted: true, preambleRows: 0 };
    const expected = [
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', '2', 'x y'] },
      { line: 4, fields: ['3', '4', '5'] },
    ];
    for (const pieceSize of [1, 3, 64]) {
      for (const passChars of [1, 4, 1 << 20])
        expect(await rows(spaced, layout, pieceSize, passChars)).toEqual(expected);
    }
    const trend = '20180123<;>1316<;>C:\\Program Files (x86)\\x.exe<;>\r\n20180123<;>1317<;>y<;>\r\n';
    expect(await rows(trend, { delimiter: '<;>', quoted: true, preambleRows: 0 })).toEqual([
      { line: 1, fields: ['20180123', '1316', 'C:\\Program Files (x86)\\x.exe', ''] },
      { line: 2, fields: ['20180123', '1317', 'y', ''] },
    ]);
  });

  it('turns a fields directive into names wherever it appears, and skips other comments', async () => {
    const text =
      '#Software: IIS\n#Fields: date time c-ip\n2015-01-13 00:32:17 1.2.3.4\n#Software: IIS\n#Fields: date time s-ip c-ip\n2015-01-13 01:00:00 5.6.7.8 1.2.3.4\n';
    const layout: RowLayout = {
      delimiter: ' ',
      quoted: false,
      preambleRows: 0,
      commentPrefix: '#',
      fieldsDirective: '#Fields:',
    };
    const out = await rows(text, layout);
    expect(out.map((row) => row.directive ?? row.fields)).toEqual([
      ['date', 'time', 'c-ip'],
      ['2015-01-13', '00:32:17', '1.2.3.4'],
      ['date', 'time', 's-ip', 'c-ip'],
      ['2015-01-13', '01:00:00', '5.6.7.8', '1.2.3.4'],
    ]);
    expect(out.map((row) => row.line)).toEqual([2, 3, 5, 6]);
    const tab = await rows('#fields\tts\tmsg\n1\tx\n', {
      delimiter: '\t',
      quoted: false,
      preambleRows: 0,
      commentPrefix: '#',
      fieldsDirective: '#fields',
    });
    expect(tab[0]?.directive).toEqual(['ts', 'msg']);
  });
});

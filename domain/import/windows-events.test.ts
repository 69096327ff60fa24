/*
 * Windows event log XML: the examples (wevtutil, Event Viewer, pretty-printed Sysmon), the same
 * events in UTF-16 as PowerShell 5 redirects them, split anywhere by the stream, and hostile input.
 */
import { describe, expect, it } from 'vitest';
import { exampleInput, itReadsEachExample } from '../../tests/support/example-cases.ts';
import { importDetected } from '../../tests/support/import-detected.ts';
import { detectFormat } from './detect-format.ts';
import type { ParsedPiece } from './import-record.ts';
import { parseWindowsEvents } from './parse-windows-events.ts';

async function* inPieces(text: string, size: number) {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

async function parseAll(text: string, size: number) {
  const pieces: ParsedPiece[] = [];
  for await (const piece of parseWindowsEvents(inPieces(text, size), { columns: [], delimiter: undefined, notes: [] }))
    pieces.push(piece);
  return { records: pieces.flatMap((piece) => piece.records), invalid: pieces.flatMap((piece) => piece.invalid) };
}

describe('Windows event log XML', () => {
  itReadsEachExample('windows-events');

  it('is told from other XML by the events namespace, and says when messages are not rendered', () => {
    const detection = detectFormat(exampleInput('windows-events', 'wevtutil-security'), 'security.xml');
    expect(detection.format).toBe('syslog');
    expect(detection.reason).toContain('no rendered messages (export with /f:RenderedXml to have them)');
    const other = new TextEncoder().encode('<?xml version="1.0"?>\n<Events><Event><Name>x</Name></Event></Events>\n');
    expect(detectFormat(other, 'other.xml').format).toBeUndefined();
  });

  it('reads the UTF-16 a PowerShell 5 redirect writes, with its BOM', async () => {
    const text = new TextDecoder().decode(exampleInput('windows-events', 'wevtutil-security'));
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let index = 0; index < text.length; index += 1) utf16[2 + index * 2] = text.charCodeAt(index) & 0xff;
    for (let index = 0; index < text.length; index += 1) utf16[3 + index * 2] = text.charCodeAt(index) >> 8;
    const { records } = await importDetected(utf16, 'security.xml');
    expect(records.map((record) => record.extra['eventId'])).toEqual([4624, 4625, 1102]);
  });

  it('reads the same events whatever the stream cuts them into', async () => {
    const text = new TextDecoder().decode(exampleInput('windows-events', 'event-viewer-rendered'));
    const whole = await parseAll(text, text.length);
    for (const size of [1, 5, 7, 64]) expect(await parseAll(text, size)).toEqual(whole);
  });

  it('stays linear on unclosed elements, reports each, and keeps the event after them', async () => {
    const event = new TextDecoder().decode(exampleInput('windows-events', 'wevtutil-security')).split('\n')[0] ?? '';
    const hostile = `${'<Event xmlns="x">\n'.repeat(100_000)}${'x'.repeat(1_100_000)}\n${event}\n`;
    const started = performance.now();
    const { records, invalid } = await parseAll(hostile, 1 << 16);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(invalid).toHaveLength(100_000);
    expect(invalid[0]?.reason).toBe('line 1: the <Event> element is not closed before the next one');
    expect(invalid.at(-1)?.reason).toBe('line 100000: the <Event> element runs over 1 MiB without </Event>');
    expect(records.map((record) => record.line)).toEqual([100_002]);
    const long = await parseAll(`<Event xmlns="x">\n${'y'.repeat(1_100_000)}\n${event}\n`, 1 << 16);
    expect(long.records.map((record) => record.line)).toEqual([3]);
    // Reported as over 1 MiB or as not closed before the event, as the passes fall.
    expect(long.invalid.map((row) => row.line)).toEqual([1]);
  });
});

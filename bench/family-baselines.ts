/*
 * The best-known parser of each family doing its own job on the same file, to put our parsers'
 * speed beside: PapaParse streamed, JSON.parse per line, one regex per line, JSON.parse of the whole
 * document, @tmcw/togeojson over an @xmldom/xmldom DOM, igc-parser, nmea-simple. None of them reads
 * times into instants, checks fields or reports rows in the analyst's words; each says so in `does`.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { gpx, kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import IGCParser from 'igc-parser';
import { parseNmeaSentence } from 'nmea-simple';
import Papa from 'papaparse';
import type { Baseline } from './family-sample-values.ts';

export interface BaselineRun {
  readonly name: string;
  /** What the baseline does and leaves out, for the table's notes. */
  readonly does: string;
  readonly items: number;
}

async function* textOf(filePath: string): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  for await (const chunk of createReadStream(filePath, { highWaterMark: 1 << 20 }))
    yield decoder.decode(chunk as Uint8Array, { stream: true });
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

async function* linesOf(filePath: string): AsyncGenerator<string> {
  let carry = '';
  for await (const text of textOf(filePath)) {
    const lines = (carry + text).split('\n');
    carry = lines.pop() ?? '';
    yield* lines;
  }
  if (carry !== '') yield carry;
}

/** PapaParse's low-level Parser over the streamed text, carrying the unfinished record as domain/import does. */
async function papaRows(filePath: string, delimiter: string, comments: string | undefined): Promise<number> {
  const parser = new Papa.Parser({ delimiter, quoteChar: '"', ...(comments === undefined ? {} : { comments }) });
  const counted = (data: string[][]) => data.filter((fields) => !(fields.length === 1 && fields[0] === '')).length;
  let carry = '';
  let rows = 0;
  for await (const text of textOf(filePath)) {
    carry += text;
    const pass = parser.parse(carry, 0, true) as { data: string[][]; meta: { cursor: number } };
    rows += counted(pass.data);
    carry = carry.slice(pass.meta.cursor);
  }
  return rows + counted((parser.parse(carry, 0, false) as { data: string[][] }).data);
}

function documentItems(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (typeof value !== 'object' || value === null) return 0;
  const object = value as { Records?: unknown[]; features?: unknown[]; log?: { entries?: unknown[] } };
  return object.Records?.length ?? object.features?.length ?? object.log?.entries?.length ?? 0;
}

function coordinateCount(collection: { features: { geometry: unknown }[] }): number {
  let count = 0;
  const walk = (coordinates: unknown): void => {
    if (!Array.isArray(coordinates)) return;
    if (typeof coordinates[0] === 'number') count += 1;
    else for (const inner of coordinates) walk(inner);
  };
  for (const feature of collection.features) walk((feature.geometry as { coordinates?: unknown } | null)?.coordinates);
  return count;
}

export async function runBaseline(baseline: Baseline, filePath: string): Promise<BaselineRun | undefined> {
  switch (baseline.kind) {
    case 'none':
      return undefined;
    case 'papaparse':
      return {
        name: 'PapaParse 5.7, streamed',
        does: 'splits fields (quotes honoured); no header logic, times or checks',
        items: await papaRows(filePath, baseline.delimiter, baseline.comments),
      };
    case 'json-per-line': {
      let items = 0;
      for await (const line of linesOf(filePath)) if (line.trim() !== '') items += JSON.parse(line) === null ? 0 : 1;
      return { name: 'JSON.parse per line', does: 'builds each object; no field mapping or times', items };
    }
    case 'regex-per-line': {
      let items = 0;
      for await (const line of linesOf(filePath))
        if (baseline.pattern.test(line.endsWith('\r') ? line.slice(0, -1) : line)) items += 1;
      return {
        name: 'one regex per line (ours, as the baseline)',
        does: 'matches the line shape; no captures kept, no times, years or zones',
        items,
      };
    }
    case 'json-document':
      return {
        name: 'JSON.parse of the whole document',
        does: 'the whole file as one string and one object tree; no times',
        items: documentItems(JSON.parse(await readFile(filePath, 'utf8'))),
      };
    case 'togeojson': {
      const dom = new DOMParser().parseFromString(await readFile(filePath, 'utf8'), 'text/xml');
      const collection = baseline.flavour === 'gpx' ? gpx(dom) : kml(dom);
      return {
        name: '@tmcw/togeojson on @xmldom/xmldom',
        does: 'the whole DOM in memory, coordinates and time strings copied; times not read',
        items: coordinateCount(collection),
      };
    }
    case 'igc-parser':
      return {
        name: 'igc-parser (whole string)',
        does: 'reads header and fixes with times; the whole file in memory',
        items: IGCParser.parse(await readFile(filePath, 'utf8'), { lenient: true }).fixes.length,
      };
    case 'nmea-simple': {
      let items = 0;
      for await (const line of linesOf(filePath)) {
        const sentence = line.trim();
        if (sentence.startsWith('$')) {
          parseNmeaSentence(sentence);
          items += 1;
        }
      }
      return {
        name: 'nmea-simple per sentence',
        does: 'decodes each sentence (checksum, fields); RMC and GGA not joined into fixes',
        items,
      };
    }
  }
}

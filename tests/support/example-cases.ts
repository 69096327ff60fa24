/*
 * The parsers' example corpus (domain/import/examples/<parser>/, convention in its README): each case's
 * input bytes beside the rows the parser must make of them. One table-driven test per parser runs them,
 * named by each case's title so a failure says which producer's variant broke.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { collectImport } from '../../domain/import/collect-import.ts';
import type { ImportSettings } from '../../domain/import/import-settings.ts';
import { parseImport } from '../../domain/import/parse-import.ts';
import type { ImportRecord } from '../../domain/import/import-record.ts';
import { projectRoot } from '../../server/project-root.ts';
import { importDetected, isoOfMicros } from './import-detected.ts';

const EXAMPLES_DIR = join(projectRoot(), 'domain', 'import', 'examples');
const EXPECTED = '.expected.json';
const COLUMNS = ['time', 'actor', 'message'] as const;
/** What a row can say of a record: where it starts in the file, its time to the millisecond in UTC, who, what, and a text log's level. */
const CELLS = {
  line: (record: ImportRecord) => record.line,
  time: (record: ImportRecord) => isoOfMicros(record.startMicros),
  actor: (record: ImportRecord) => record.actor,
  message: (record: ImportRecord) => record.message,
  level: (record: ImportRecord) => record.extra['level'],
};

const ExpectedSchema = z.strictObject({
  title: z.string(),
  /** How the expected values were worked out, where the input does not show it. */
  note: z.string().optional(),
  /** The settings the analyst chose; absent when the case is imported as detected (`detectedAs`). */
  settings: z.unknown().optional(),
  detectedAs: z.strictObject({ fileName: z.string(), timeZone: z.string() }).optional(),
  /** What each row gives, where a case asserts other than time, actor and message. */
  columns: z.array(z.enum(['line', 'time', 'actor', 'message', 'level'])).optional(),
  rows: z.array(z.array(z.union([z.string(), z.number()]))),
  /** Absent where the case asserts nothing of the invalid rows. */
  invalid: z.array(z.strictObject({ line: z.number(), reason: z.string() })).optional(),
});

/** A case's input exactly as stored: CRLF, BOMs and control characters reach the parser untouched. */
export function exampleInput(parser: string, name: string): Uint8Array {
  const entries = readdirSync(join(EXAMPLES_DIR, parser));
  const file = entries.find((entry) => entry.startsWith(`${name}.`) && !entry.endsWith(EXPECTED));
  if (file === undefined) throw new Error(`no input file for the example ${parser}/${name}`);
  return new Uint8Array(readFileSync(join(EXAMPLES_DIR, parser, file)));
}

function exampleCases(parser: string) {
  return readdirSync(join(EXAMPLES_DIR, parser))
    .filter((entry) => entry.endsWith(EXPECTED))
    .sort()
    .map((entry) => ({
      name: entry.slice(0, -EXPECTED.length),
      ...ExpectedSchema.parse(JSON.parse(readFileSync(join(EXAMPLES_DIR, parser, entry), 'utf8'))),
    }));
}

function settingsOf(parser: string, settings: unknown, schema: z.ZodType<ImportSettings> | undefined) {
  if (schema === undefined) throw new Error(`the ${parser} examples have settings: pass their schema`);
  return schema.parse(settings);
}

/**
 * One test per case of examples/<parser>: its rows, and its invalid rows where the case lists them. The
 * schema reads the cases' `settings`; parsers whose cases are all imported as detected need none.
 */
export function itReadsEachExample(parser: string, settingsSchema?: z.ZodType<ImportSettings>) {
  for (const example of exampleCases(parser)) {
    it(example.title, async () => {
      const bytes = exampleInput(parser, example.name);
      const { records, invalid } =
        example.detectedAs === undefined
          ? await collectImport(parseImport(bytes, settingsOf(parser, example.settings, settingsSchema)))
          : await importDetected(bytes, example.detectedAs.fileName, example.detectedAs.timeZone);
      const cells = (example.columns ?? COLUMNS).map((column) => CELLS[column]);
      expect(records.map((record) => cells.map((cell) => cell(record)))).toEqual(example.rows);
      if (example.invalid !== undefined) expect(invalid).toEqual(example.invalid);
    });
  }
}

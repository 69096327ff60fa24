/*
 * A parsed file sent by COPY into the temporary table reimport_staging, as the file says it (actor
 * names, raw times), without touching the incident: the re-import's check runs on it and rolls back,
 * the re-import goes on from it. The first import (import-file.ts) stages actor ids instead, since it
 * inserts batch by batch.
 */
import { createReadStream } from 'node:fs';
import { ImportError } from '../../domain/import/import-error.ts';
import type { ImportFormat, ImportProgress, InvalidRow } from '../../domain/import/import-record.ts';
import type { ImportSettings } from '../../domain/import/import-settings.ts';
import { parseImport } from '../../domain/import/parse-import.ts';
import type { DbTransaction } from '../db/database.ts';
import type { SpooledBlob } from '../repositories/blob-repository.ts';
import { extraText, messageText } from './copy-fields.ts';
import { INVALID_LIST_LIMIT } from './import-file.ts';

const BATCH_SIZE = 5000;

// (is_marker, line) names a record: lines count separately for HAR pages and entries.
const STAGING = `CREATE TEMP TABLE reimport_staging (line integer NOT NULL, is_marker boolean NOT NULL, actor text NOT NULL,
  actor_is_bot boolean NOT NULL, message text NOT NULL, start_micros bigint NOT NULL, end_micros bigint NOT NULL, extra jsonb) ON COMMIT DROP`;
const COLUMNS = 'line, is_marker, actor, actor_is_bot, message, start_micros, end_micros, extra';

export interface StagedFile {
  format: ImportFormat;
  validCount: number;
  invalidCount: number;
  /** The first INVALID_LIST_LIMIT invalid rows. */
  invalid: InvalidRow[];
}

export async function stageFile(
  tx: DbTransaction,
  file: SpooledBlob,
  settings: ImportSettings,
  onProgress?: ((progress: ImportProgress) => void) | undefined,
): Promise<StagedFile> {
  // NOTE: a Slack export makes one stream per channel, so it cannot be poured into one stream.
  if (settings.format === 'slack-zip') {
    throw new ImportError('unsupported-format', 'is a Slack export, which makes one stream per channel: re-import a single-stream format (TSV/CSV, HAR, Timesketch, JSON Lines)');
  }
  await tx.query(STAGING);
  const invalid: InvalidRow[] = [];
  let invalidCount = 0;
  let validCount = 0;
  const lastLine = { marker: 0, event: 0 };
  const run = parseImport(createReadStream(file.path), settings, { totalBytes: file.sizeBytes, batchSize: BATCH_SIZE, onProgress });
  let next = await run.next();
  while (!next.done) {
    const batch = next.value;
    for (const row of batch.invalid) {
      invalidCount += 1;
      if (invalid.length < INVALID_LIST_LIMIT) invalid.push(row);
    }
    if (batch.records.length > 0) {
      const lines: string[] = [];
      for (const record of batch.records) {
        const kind = record.isMarker ? 'marker' : 'event';
        // The parsers hand records out in source order; the re-import maps new ids back by line.
        if (record.line <= lastLine[kind]) throw new Error(`${settings.format} parser gave line ${record.line} after ${lastLine[kind]}`);
        lastLine[kind] = record.line;
        const actor = record.isMarker ? '' : messageText(record.actor);
        lines.push(
          `${record.line}\t${record.isMarker ? 't' : 'f'}\t${actor}\t${record.actorIsBot ? 't' : 'f'}\t${messageText(record.message)}\t${record.startMicros}\t${record.endMicros}\t${extraText(record.extra)}`,
        );
      }
      await tx.copyFrom(`COPY reimport_staging (${COLUMNS}) FROM STDIN`, `${lines.join('\n')}\n`);
      validCount += batch.records.length;
    }
    next = await run.next();
  }
  if (validCount === 0) {
    const first = invalid[0];
    throw new ImportError('invalid-file', first ? `has no valid rows (${invalidCount} invalid; line ${first.line}: ${first.reason})` : 'has no events to import');
  }
  return { format: next.value.format, validCount, invalidCount, invalid };
}

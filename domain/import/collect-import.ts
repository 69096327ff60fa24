/*
 * Drains an import run into arrays: for tests, the CLI's dry run and the preview, which keeps the
 * first records but every invalid row (so the analyst sees all the reasons and line numbers).
 */
import type { ImportBatch, ImportRecord, ImportSummary, InvalidRow } from './import-record.ts';

interface CollectedImport {
  readonly records: ImportRecord[];
  readonly invalid: InvalidRow[];
  readonly summary: ImportSummary;
}

export async function collectImport(
  run: AsyncGenerator<ImportBatch, ImportSummary, undefined>,
  options: { readonly maxRecords?: number; readonly maxInvalid?: number } = {},
): Promise<CollectedImport> {
  const maxRecords = options.maxRecords ?? Number.POSITIVE_INFINITY;
  const maxInvalid = options.maxInvalid ?? Number.POSITIVE_INFINITY;
  const records: ImportRecord[] = [];
  const invalid: InvalidRow[] = [];
  for (;;) {
    const step = await run.next();
    if (step.done === true) return { records, invalid, summary: step.value };
    for (const record of step.value.records) if (records.length < maxRecords) records.push(record);
    for (const row of step.value.invalid) if (invalid.length < maxInvalid) invalid.push(row);
  }
}

/*
 * What both import profiles (import-profile.ts, and import-profile-before.ts kept to compare) stand on:
 * --store and --rows read, the generated TSV written to a scratch folder, the store open, and both
 * cleaned up however the profile ends.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openStore, type BenchStore, type StoreKind } from './bench-store.ts';
import { writeImportTsv } from './import-bench.ts';

export interface ImportProfileRun {
  kind: StoreKind;
  rows: number;
  store: BenchStore;
  /** The scratch folder, for the blob spooled from the TSV. */
  scratch: string;
  tsvPath: string;
}

export async function withImportProfile(profile: (run: ImportProfileRun) => Promise<void>): Promise<void> {
  const { values } = parseArgs({
    options: { store: { type: 'string', default: 'pglite' }, rows: { type: 'string', default: '1000000' } },
  });
  const kind = values.store as StoreKind;
  const rows = Number(values.rows);
  const scratch = await mkdtemp(join(tmpdir(), 'churchkey-import-profile-'));
  const store = await openStore(kind);
  try {
    const tsvPath = join(scratch, 'bench.tsv');
    await writeImportTsv(tsvPath, rows);
    await profile({ kind, rows, store, scratch, tsvPath });
  } finally {
    await store.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

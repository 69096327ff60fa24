/*
 * The kept file's cost alone (issue 20 item 3): the import's keep (keep-source.ts's chunks, 32 a
 * transaction on PostgreSQL) of the bench's TSV, timed, with this process's and the backend's CPU:
 *   npm run -s build:server && node build/bench/import-keep-cost.js --store postgres [--rows N]
 */
import { createReadStream, readFileSync } from 'node:fs';
import { spoolBlob } from '../server/repositories/blob-repository.ts';
import { writePendingBlob } from '../server/repositories/pending-blob.ts';
import { withImportProfile } from './with-import-profile.ts';

const backendTicks = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

await withImportProfile(async ({ store, scratch, tsvPath }) => {
  const file = await spoolBlob(createReadStream(tsvPath), scratch);
  for (let round = 0; round < 3; round++) {
    // Every backend of the bench's database (the pool's connections), their CPU summed.
    const pids = async () =>
      (
        await store.db.query<{ pid: number }>(
          'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        )
      ).map((row) => row.pid);
    const backendsTicks = async () => {
      let sum = 0;
      for (const pid of await pids()) sum += backendTicks(pid);
      return sum;
    };
    const cpu = process.cpuUsage();
    const before = store.kind === 'postgres' ? await backendsTicks() : 0;
    const started = performance.now();
    const pending = await writePendingBlob(
      store.db,
      file,
      `keep-cost:${round}`,
      undefined,
      store.kind === 'postgres' ? 32 : 1,
    );
    const wallMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const backend = store.kind === 'postgres' ? ((await backendsTicks()) - before) / 100 : 0;
    process.stdout.write(
      `keep ${(file.sizeBytes / 1e6).toFixed(0)} MB: ${wallMs.toFixed(0)} ms, node ${((used.user + used.system) / 1e6).toFixed(2)} s, backend ${backend.toFixed(2)} s\n`,
    );
    await pending.discard();
  }
  await file.discard();
});

/* Open files and resident memory of another process on this machine (Linux /proc); undefined elsewhere. */
import { readdir, readFile } from 'node:fs/promises';

export async function openFiles(pid: number): Promise<number | undefined> {
  return readdir(`/proc/${pid}/fd`).then(
    (names) => names.length,
    () => undefined,
  );
}

export async function residentMiB(pid: number): Promise<number | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kib = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kib === undefined ? undefined : Number(kib) / 1024;
}

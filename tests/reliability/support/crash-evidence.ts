/*
 * A large TSV evidence file (a web proxy's log) for the crash tests, written row by row to disk so
 * a million rows never sit in memory. Every 1,000th row names a rare word, so a search can count
 * exactly how many imported events it must find.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

export const RARE_WORD = 'quokka';
const HOSTS = Array.from({ length: 24 }, (_, index) => `proxy-${String(index + 1).padStart(2, '0')}.example.net`);
const PATHS = ['/api/orders', '/api/payments', '/login', '/static/app.js', '/health', '/api/search'];
const START_MILLIS = Date.UTC(2024, 5, 4, 9, 0, 0);

export interface EvidenceFile {
  path: string;
  rows: number;
  sizeBytes: number;
  /** Rows whose message holds RARE_WORD. */
  rareRows: number;
}

export async function writeEvidenceFile(path: string, rows: number): Promise<EvidenceFile> {
  const out = createWriteStream(path);
  let sizeBytes = 0;
  let rareRows = 0;
  const write = async (text: string) => {
    sizeBytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('timestamp\thost\tmessage\n');
  let chunk: string[] = [];
  for (let row = 0; row < rows; row += 1) {
    const time = new Date(START_MILLIS + row * 7).toISOString();
    const rare = row % 1000 === 0;
    if (rare) rareRows += 1;
    const status = row % 17 === 0 ? 503 : 200;
    chunk.push(
      `${time}\t${HOSTS[row % HOSTS.length]}\tGET ${PATHS[row % PATHS.length]}/${row} ${status}${rare ? ` ${RARE_WORD}` : ''}`,
    );
    if (chunk.length === 10_000) {
      await write(`${chunk.join('\n')}\n`);
      chunk = [];
    }
  }
  if (chunk.length > 0) await write(`${chunk.join('\n')}\n`);
  out.end();
  await once(out, 'close');
  return { path, rows, sizeBytes, rareRows };
}

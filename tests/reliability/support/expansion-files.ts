/*
 * The red team's expanding files (issue 17), made in memory: a few MB each that unpack or parse to
 * gigabytes or millions of records. Shared shapes with bench/import-stall-bench.ts's cases, scaled.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import { gzipSync } from 'node:zlib';

/** A track point, then `gibibytes` GiB of blank space: 16 MiB gzip members repeated (about 1 MB a GiB). */
export function gpxGzipBomb(gibibytes: number): Buffer {
  const head = gzipSync(
    '<?xml version="1.0"?>\n<gpx version="1.1" creator="red team"><trk><trkseg>\n' +
      '<trkpt lat="45.1" lon="14.0"><time>2024-05-01T10:00:00Z</time></trkpt>\n',
  );
  const blank = gzipSync(Buffer.alloc(16 * 2 ** 20, 0x20), { level: 9 });
  return Buffer.concat([head, ...Array.from({ length: gibibytes * 64 }, () => blank)]);
}

/** A HAR of `entries` empty entries (`{}`, 3 bytes each): far more records than any import takes. */
export function harBomb(entries: number): Buffer {
  const head = '{"log":{"version":"1.2","creator":{"name":"red team","version":"1"},"entries":[{}';
  return Buffer.concat([Buffer.from(head), Buffer.from(',{}'.repeat(entries - 1)), Buffer.from(']}}')]);
}

/** A Slack export of `days` identical 1 MiB day files, a few hundred KB packed. */
export function slackZipBomb(days: number): Buffer {
  const message = { type: 'message', user: 'U1', text: 'the same words again and again', ts: '1704067200.000100' };
  const one = JSON.stringify(message);
  const day = strToU8(`[${Array.from({ length: Math.floor(2 ** 20 / (one.length + 1)) }, () => one).join(',')}]`);
  const files: Zippable = { 'users.json': strToU8('[{"id":"U1","name":"ana"}]') };
  for (let index = 0; index < days; index += 1)
    files[
      `general/2024-${String(1 + Math.floor(index / 28)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}.json`
    ] = [day, { level: 9 }];
  return Buffer.from(zipSync(files));
}

/** A gzipped log of one syslog line repeated to `mebibytes` MiB: 16 MiB gzip members, about 50 KB each. */
export function logGzipBomb(mebibytes: number): Buffer {
  const line = 'Jan  1 00:00:00 host app[1]: the same line again and again\n';
  const block = gzipSync(line.repeat(Math.floor((16 * 2 ** 20) / line.length)), { level: 9 });
  return Buffer.concat(Array.from({ length: Math.ceil(mebibytes / 16) }, () => block));
}

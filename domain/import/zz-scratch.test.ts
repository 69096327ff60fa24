import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'vitest';
import { FIXTURES_DIR } from '../../tests/support/fixtures-dir.ts';
import { collectImport } from './collect-import.ts';
import { DETECT_BYTES, detectFormat } from './detect-format.ts';
import { settingsFromDetection } from './import-settings.ts';
import { parseImport } from './parse-import.ts';

const files = (process.env.FILES ?? '').split(',');
it('scratch', async () => {
  for (const path of files) {
    const bytes = new Uint8Array(readFileSync(join(FIXTURES_DIR, path)));
    const detection = detectFormat(bytes.subarray(0, DETECT_BYTES), path);
    console.log('=====', path, detection.format, '\n', detection.reason);
    const settings = settingsFromDetection(detection, 'UTC');
    console.log(JSON.stringify(settings));
    if (!settings) continue;
    const { records, invalid, summary } = await collectImport(parseImport(bytes, settings));
    const iso = (m: number) => new Date(m / 1000).toISOString();
    const starts = records.map((r) => r.startMicros);
    console.log('count', records.length, 'invalid', invalid.length, invalid.slice(0, 3), 'first', records[0] && iso(records[0].startMicros), 'last', records.at(-1) && iso(records.at(-1)!.startMicros), 'min', iso(Math.min(...starts)), 'max', iso(Math.max(...starts)));
    console.log('actors', [...new Set(records.map((r) => r.actor))].slice(0, 12));
    console.log('msg0', JSON.stringify(records[0]?.message).slice(0, 300), 'extra0', JSON.stringify(records[0]?.extra).slice(0, 300));
    console.log('notes', summary.notes);
  }
});

/*
 * A gzipped track that unpacks to more than 100× its size is refused as a zip bomb as soon as the ratio
 * shows (issue 17), before the parser reads its padding; an ordinary gzipped track is read in full.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ImportError } from '../import/import-error.ts';
import { detectAndRead } from './geo-file-test-reader.ts';

const HEAD = '<?xml version="1.0"?>\n<gpx version="1.1" creator="test"><trk><trkseg>\n';
const POINT = (second: number) =>
  `<trkpt lat="45.${String(second).padStart(5, '0')}" lon="14.0"><time>2024-05-01T10:00:${String(second % 60).padStart(2, '0')}Z</time></trkpt>\n`;
const TAIL = '</trkseg></trk></gpx>\n';

describe('the gzip ratio of a track', () => {
  it('refuses 48 MiB of padding packed into a few dozen KB, naming the ratio', async () => {
    const bomb = gzipSync(
      Buffer.concat([Buffer.from(HEAD + POINT(0)), Buffer.alloc(48 * 2 ** 20, 0x20), Buffer.from(TAIL)]),
    );
    const refusal = await detectAndRead(new Uint8Array(bomb), 'padded.gpx.gz').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ImportError);
    expect((refusal as ImportError).code).toBe('zip-bomb');
    expect((refusal as ImportError).message).toMatch(
      /^The gzip file would unpack to more than 100× its size \(.+ from .+ so far\); more than 100× looks like a zip bomb$/,
    );
  });

  it('reads an ordinary gzipped track in full', async () => {
    let text = HEAD;
    for (let second = 0; second < 60; second++) text += POINT(second);
    const read = await detectAndRead(new Uint8Array(gzipSync(Buffer.from(text + TAIL))), 'ride.gpx.gz');
    expect(read.points).toHaveLength(60);
  });
});

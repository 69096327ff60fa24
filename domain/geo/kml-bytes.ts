/*
 * The bytes of a KML file, or of the first .kml inside a KMZ (the zip Google Earth saves by default),
 * told apart by the zip signature. The KMZ is inflated as it streams (fflate's Unzip, synchronous
 * inflate), so memory follows a chunk, not the archive.
 */
import { Unzip, UnzipInflate } from 'fflate';
import { firstChunk } from '../import/byte-chunks.ts';
import { ImportError } from '../import/import-error.ts';

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

async function* unzippedKml(zip: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const inflated: Uint8Array[] = [];
  let chosen = false;
  let failure: Error | null = null;
  const unzip = new Unzip((file) => {
    if (chosen || !/\.kml$/i.test(file.name)) return;
    chosen = true;
    file.ondata = (error, data) => {
      if (error) failure = error;
      else if (data.length > 0) inflated.push(data);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const drain = function* () {
    if (failure !== null)
      throw new ImportError('invalid-file', `is a KMZ whose KML cannot be unpacked (${String(failure)})`);
    while (inflated.length > 0) yield inflated.shift()!;
  };
  for await (const chunk of zip) {
    unzip.push(chunk);
    yield* drain();
  }
  unzip.push(new Uint8Array(0), true);
  yield* drain();
  if (!chosen) throw new ImportError('invalid-file', 'is a zip (KMZ) with no .kml file inside');
}

export async function* kmlBytes(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const start = await firstChunk(bytes);
  if (start === undefined) return;
  const { first, all } = start;
  if (first.length >= 4 && isZip(first)) yield* unzippedKml(all);
  else yield* all;
}

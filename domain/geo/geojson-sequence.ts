/*
 * GeoJSON text sequences: one feature per JSON text instead of one FeatureCollection. RFC 8142 puts a
 * record separator (U+001E) before each (ogr2ogr's GeoJSONSeq); newline-delimited GeoJSON writes one
 * feature a line (ogr2ogr with RS=NO, tippecanoe's input, trackers' exports as .geojsonl or .ndjson).
 */

const RECORD_SEPARATOR = '\u001e';
// A first line this long without its newline is read as a whole document, as before.
const PEEK_CHARACTERS = 1 << 20;

/** Whether a file's start is a sequence: a record separator first, or a first line that is a whole Feature. */
function isGeoJsonSequence(start: string): boolean {
  const text = start.replace(/^[\s\uFEFF]+/, '');
  if (text.startsWith(RECORD_SEPARATOR)) return true;
  const end = text.indexOf('\n');
  if (end === -1 || !text.slice(end).trimStart().startsWith('{')) return false;
  try {
    const first: unknown = JSON.parse(text.slice(0, end));
    return typeof first === 'object' && first !== null && (first as { type?: unknown }).type === 'Feature';
  } catch {
    return false;
  }
}

/** The text again from its start, and whether it is a sequence (decided on its first line). */
export async function geoJsonStart(
  text: AsyncIterable<string>,
): Promise<{ sequence: boolean; chunks: AsyncGenerator<string> }> {
  const iterator = text[Symbol.asyncIterator]();
  let start = '';
  let next = await iterator.next();
  while (next.done !== true) {
    start += next.value;
    if (start.replace(/^[\s\uFEFF]+/, '').startsWith(RECORD_SEPARATOR)) break;
    if (start.trimStart().includes('\n') || start.length >= PEEK_CHARACTERS) break;
    next = await iterator.next();
  }
  const sequence = isGeoJsonSequence(start);
  const ended = next.done === true;
  const chunks = (async function* () {
    // The separators become newlines: the parser reads the texts as values one after another.
    const plain = (chunk: string) => (sequence ? chunk.replaceAll(RECORD_SEPARATOR, '\n') : chunk);
    if (start !== '') yield plain(start);
    if (ended) return;
    for (let more = await iterator.next(); more.done !== true; more = await iterator.next()) yield plain(more.value);
  })();
  return { sequence, chunks };
}

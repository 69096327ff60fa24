/*
 * The one entry for reading a map's file, used by the server and the create-map worker: delimited
 * text goes to parseGeo by its columns, the track formats to their own streaming parsers. All answer
 * the same batches of points and invalid rows, and the same progress.
 */
import type { ZoneId } from '@js-joda/core';
import { textChunks, type ImportInput } from '../import/byte-chunks.ts';
import { ImportError } from '../import/import-error.ts';
import { loadZone } from '../import/parse-event-time.ts';
import type { GeoPoint, InvalidGeoItem } from './geo-point.ts';
import { formatOf, type GeoFormat, type MapSettings } from './geo-settings.ts';
import { kmlBytes } from './kml-bytes.ts';
import { parseAdsbTrace } from './parse-adsb-trace.ts';
import { parseCzml } from './parse-czml.ts';
import { parseFitCsv } from './parse-fit-csv.ts';
import { parsePlt } from './parse-plt.ts';
import { parseGeoJson } from './parse-geojson.ts';
import { parseGeo, unpackedBytes, type GeoBatch, type GeoParseOptions, type GeoProgress } from './parse-geo.ts';
import { parseGpx } from './parse-gpx.ts';
import { parseIgc } from './parse-igc.ts';
import { parseKml } from './parse-kml.ts';
import { parseLocationHistory } from './parse-location-history.ts';
import { parseNmea } from './parse-nmea.ts';
import { parseOwnTracks } from './parse-owntracks.ts';
import { parseSpotFeed } from './parse-spot-feed.ts';
import { parseTcx } from './parse-tcx.ts';
import type { GeoItem } from './track-fix.ts';

const FORMAT_NAMES = {
  gpx: 'GPX',
  kml: 'KML',
  geojson: 'GeoJSON',
  igc: 'IGC',
  nmea: 'NMEA',
  tcx: 'TCX',
  'adsb-trace': 'ADS-B trace',
  'location-history': 'Google location history',
  owntracks: 'OwnTracks',
  czml: 'CZML',
  spot: 'SPOT feed',
  'fit-csv': 'FitCSVTool CSV',
  plt: 'OziExplorer track',
} as const;

function trackItems(
  format: Exclude<GeoFormat, 'csv'>,
  text: AsyncIterable<string>,
  settings: MapSettings,
  zone: ZoneId,
): AsyncGenerator<GeoItem[]> {
  switch (format) {
    case 'gpx':
      return parseGpx(text, zone);
    case 'kml':
      return parseKml(text, zone);
    case 'geojson':
      return parseGeoJson(text, zone);
    case 'igc':
      return parseIgc(text, settings.defaultDate);
    case 'nmea':
      return parseNmea(text, settings.defaultDate);
    case 'tcx':
      return parseTcx(text, zone);
    case 'adsb-trace':
      return parseAdsbTrace(text);
    case 'location-history':
      return parseLocationHistory(text, zone);
    case 'owntracks':
      return parseOwnTracks(text, zone);
    case 'czml':
      return parseCzml(text, zone);
    case 'spot':
      return parseSpotFeed(text);
    case 'fit-csv':
      return parseFitCsv(text);
    case 'plt':
      return parsePlt(text);
  }
}

export async function* parseGeoFile(
  input: ImportInput,
  settings: MapSettings,
  options: GeoParseOptions = {},
): AsyncGenerator<GeoBatch, GeoProgress> {
  const format = formatOf(settings);
  if (format === 'csv') return yield* parseGeo(input, settings, options);
  const zone = await loadZone(settings.defaultTimeZone);
  let bytesRead = 0;
  let validCount = 0;
  let invalidCount = 0;
  const progress = (): GeoProgress => ({ bytesRead, totalBytes: options.totalBytes, validCount, invalidCount });
  const bytes = unpackedBytes(input, options, (count) => (bytesRead += count));
  const text = textChunks(format === 'kml' ? kmlBytes(bytes) : bytes);
  try {
    for await (const items of trackItems(format, text, settings, zone)) {
      const points: GeoPoint[] = [];
      const invalid: InvalidGeoItem[] = [];
      for (const item of items) {
        if ('reason' in item) invalid.push(item);
        else points.push(item);
      }
      validCount += points.length;
      invalidCount += invalid.length;
      options.onProgress?.(progress());
      yield { points, invalid };
    }
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError(
      'invalid-file',
      `is not readable ${FORMAT_NAMES[format]}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (validCount === 0 && invalidCount === 0)
    throw new ImportError('invalid-file', `holds no ${FORMAT_NAMES[format]} track points with a position`);
  options.onProgress?.(progress());
  return progress();
}

// Geo CSVs saved by a spreadsheet in a European locale: ";" between cells, decimal commas, column
// names in German, French, Spanish or Italian, and dates day first.
import { describe, expect, it } from 'vitest';
import { detectAndRead, encode } from './geo-file-test-reader.ts';
import type { GeoPoint } from './geo-point.ts';

const rows = (points: readonly GeoPoint[]) =>
  points.map((point) => [
    new Date(point.timestamp / 1000).toISOString(),
    point.latitude,
    point.longitude,
    point.altitude,
  ]);

describe('a European spreadsheet export', () => {
  it('German names with umlauts, one date-time column, a header with no comma', async () => {
    const text =
      'Zeit;Breitengrad;Längengrad;Höhe (m)\r\n15.03.2024 10:00:00;47,3769;8,5417;410,5\r\n15.03.2024 10:00:05;47,377;8,5418;411\r\n';
    const { detection, points, invalid } = await detectAndRead(encode(text), 'Export.csv');
    expect(detection.settings.delimiter).toBe('semicolon');
    expect(invalid).toEqual([]);
    expect(rows(points)).toEqual([
      ['2024-03-15T10:00:00.000Z', 47.3769, 8.5417, 410.5],
      ['2024-03-15T10:00:05.000Z', 47.377, 8.5418, 411],
    ]);
  });

  it('Datum and Uhrzeit as two columns, "Höhe über NN (m)"', async () => {
    const text = 'Datum;Uhrzeit;Breite;Länge;Höhe über NN (m)\n05.03.2024;12:00:01;52,52;13,405;34,5\n';
    const { points } = await detectAndRead(encode(text), 'tour.csv');
    expect(rows(points)).toEqual([['2024-03-05T12:00:01.000Z', 52.52, 13.405, 34.5]]);
  });

  it.each([
    ['French', 'Date;Heure;Latitude;Longitude;Altitude'],
    ['Spanish', 'Fecha;Hora;Latitud;Longitud;Altitud'],
    ['Italian', 'Data;Ora;Latitudine;Longitudine;Altitudine'],
  ])('%s names, dates with slashes read day first', async (_language, header) => {
    const text = `${header}\n05/03/2024;12:00:01;48,856613;2,352222;35,4\n`;
    const { detection, points } = await detectAndRead(encode(text), 'trace.csv');
    expect(detection.settings.dateOrder).toBe('dmy');
    expect(detection.reason).toContain('dates day first, as a European spreadsheet writes them');
    expect(rows(points)).toEqual([['2024-03-05T12:00:01.000Z', 48.856613, 2.352222, 35.4]]);
  });

  it('a comma-separated file keeps month first unless a day past 12 comes first', async () => {
    const us = await detectAndRead(encode('date,time,lat,lon\n05/03/2024,12:00:01,48.8,2.3\n'), 'us.csv');
    expect(us.detection.settings.dateOrder).toBeUndefined();
    expect(rows(us.points)[0]?.[0]).toBe('2024-05-03T12:00:01.000Z');
    const uk = await detectAndRead(
      encode('date,time,lat,lon\n05/03/2024,12:00:01,48.8,2.3\n13/03/2024,12:00:01,48.8,2.3\n'),
      'uk.csv',
    );
    expect(uk.detection.settings.dateOrder).toBe('dmy');
    expect(rows(uk.points).map((row) => row[0])).toEqual(['2024-03-05T12:00:01.000Z', '2024-03-13T12:00:01.000Z']);
  });
});

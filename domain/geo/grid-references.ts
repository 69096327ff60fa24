/*
 * Coordinates maps do not read: military grid references (MGRS, USNG) and UTM eastings and northings
 * need a zone's projection undone, which the importer does not do. A CSV that has them and no latitude
 * and longitude is refused saying so, rather than read as rows whose latitude is empty.
 */
import { normalize } from './geo-column-names.ts';

const GRID_NAMES = ['mgrs', 'usng', 'mgrsgrid', 'gridref', 'gridreference', 'mgrscoordinate', 'mgrscoordinates'];

/** Why the columns cannot make positions, when they hold grid coordinates; undefined otherwise. */
export function gridReferenceReason(columns: readonly string[]): string | undefined {
  const names = columns.map(normalize);
  const grid = columns.find((_, index) => GRID_NAMES.includes(names[index] ?? ''));
  if (grid !== undefined)
    return `holds grid references ("${grid.trim()}": MGRS or USNG) and no latitude and longitude: maps read degrees; convert the references to latitude and longitude first (GDAL, QGIS, or mgrs in Python)`;
  const easting = names.findIndex((name) => name === 'easting' || name === 'utmeasting' || name === 'east');
  const northing = names.findIndex((name) => name === 'northing' || name === 'utmnorthing' || name === 'north');
  if (easting !== -1 && northing !== -1)
    return `holds projected coordinates ("${columns[easting]!.trim()}", "${columns[northing]!.trim()}": UTM or a national grid, in metres) and no latitude and longitude: maps read degrees; convert them to latitude and longitude (WGS 84) first`;
  return undefined;
}

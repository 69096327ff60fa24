/*
 * A GeoJSON's "crs" member (GeoJSON 2008): read only to refuse coordinates that are not degrees.
 */

// Longitude and latitude in degrees on WGS 84, or a datum within a metre or two of it (ETRS89, NAD83).
const DEGREE_CRS = /(?:CRS:?84|EPSG:{1,2}(?:4326|4979|4258|4269)|OGC:{1,2}1\.3:{1,2}CRS84)$/i;

/**
 * The coordinate system a GeoJSON's "crs" member names (GeoJSON 2008; QGIS and ogr2ogr still write
 * one), when it is not degrees: RFC 7946 dropped the member and fixed WGS 84.
 */
export function projectedCrs(text: string): string | undefined {
  const name = /"crs"\s*:\s*\{\s*"type"\s*:\s*"name"\s*,\s*"properties"\s*:\s*\{\s*"name"\s*:\s*"([^"]{1,100})"/.exec(
    text,
  )?.[1];
  const trimmed = name?.trim();
  if (trimmed === undefined || DEGREE_CRS.test(trimmed)) return undefined;
  const epsg = /EPSG:{1,2}(\d+)$/i.exec(trimmed)?.[1];
  return epsg === undefined ? trimmed : `EPSG:${epsg}`;
}

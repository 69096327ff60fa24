/*
 * KML tracks read as a stream of tags: gx:Track (and KML 2.3's Track), inside gx:MultiTrack or
 * not, pairs its n-th <when> with its n-th <gx:coord> "lon lat alt" and its n-th <gx:angles>
 * (heading, tilt, roll). Google Earth writes all whens, then all coords, then all angles, so one
 * track is held until it closes: memory follows the largest track, not the file.
 * A Placemark's Point or LineString is timed by its TimeStamp, or TimeSpan (a line's vertices spread
 * evenly from begin to end), else by a time among its ExtendedData; an untimed Point is a place and left out, an untimed line
 * one invalid item naming how many vertices it leaves out. The actor is the Placemark's name; GPSBabel's points of a track ("Morning-0", "Morning-1" in
 * a folder of the track "Morning") belong to that track, not one track each. A Point's heading is its IconStyle's (the way its
 * icon is turned) or a course among its ExtendedData (Garmin MapShare's "Course": "45.00 ° True").
 */
import type { ZoneId } from '@js-joda/core';
import { named, numberOrNull, trackItem, trackTime, type GeoItem } from './track-fix.ts';
import { xmlElements } from './xml-tokens.ts';

interface Placemark {
  name: string;
  number: number;
  when: string | undefined;
  begin: string | undefined;
  end: string | undefined;
  /** A time among its ExtendedData (Data or SimpleData named like one), and its rank in DATA_TIME_NAMES. */
  dataTime: { text: string; rank: number } | undefined;
  /** The Point's heading in degrees: its IconStyle's, else a course, heading or bearing among its data. */
  heading: number | null;
  /** Point and LineString coordinates with the line they start on, read when the Placemark closes. */
  geometries: { kind: 'Point' | 'LineString'; line: number; text: string }[];
}

interface Track {
  readonly number: number;
  points: number;
  whens: string[];
  coords: { line: number; text: string }[];
  angles: string[];
}

const words = (text: string) => text.trim().split(/\s+/);

// A Placemark without TimeStamp or TimeSpan may carry its time as data: Google My Maps keeps an
// imported table's columns as <Data>, Garmin's MapShare feed writes "Time UTC", GDAL's KML driver
// <SimpleData name="time">. Earlier names win (UTC ones before local ones); compared lower-case,
// spaces and punctuation dropped.
const DATA_TIME_NAMES = ['timeutc', 'utctime', 'datetimeutc', 'timestamp', 'datetime', 'time', 'when', 'gpstime'];
const dataTimeRank = (name: string | undefined) =>
  name === undefined ? -1 : DATA_TIME_NAMES.indexOf(name.toLowerCase().replace(/[^a-z]/g, ''));
const DATA_HEADING_NAMES = new Set(['course', 'heading', 'bearing', 'direction', 'cog']);
/** The degrees a heading's text starts with ("45.00 ° True"), null when none or out of 0-360. */
function headingOf(text: string): number | null {
  const degrees = Number(/^\s*(\d+(?:\.\d+)?)/.exec(text)?.[1] ?? Number.NaN);
  return degrees >= 0 && degrees <= 360 ? degrees : null;
}

export async function* parseKml(text: AsyncIterable<string>, zone: ZoneId): AsyncGenerator<GeoItem[]> {
  let placemarks = 0;
  let tracks = 0;
  let placemark: Placemark | undefined;
  let track: Track | undefined;
  let dataName: string | undefined;
  // The names of the Folders around the current element, outermost first.
  const folders: string[] = [];
  const time = (value: string | undefined) => trackTime(value, zone);

  /** Track points whose when and coord have both been read. */
  const drain = (items: GeoItem[]) => {
    if (track === undefined) return;
    while (track.whens.length > 0 && track.coords.length > 0) {
      const coord = track.coords.shift()!;
      const [longitude, latitude, altitude] = words(coord.text).map(Number);
      const angles = track.angles.shift();
      const [heading, pitch, roll] =
        angles === undefined || angles.trim() === '' ? [] : words(angles).map(numberOrNull);
      track.points += 1;
      items.push(
        trackItem({
          line: coord.line,
          actor: placemark?.name ?? '',
          latitude: latitude ?? Number.NaN,
          longitude: longitude ?? Number.NaN,
          altitude: altitude === undefined || Number.isNaN(altitude) ? null : altitude,
          heading: heading ?? null,
          pitch: pitch ?? null,
          roll: roll ?? null,
          timestamp: time(track.whens.shift()),
          label: `point ${track.points} of ${named('track', placemark?.name ?? '', track.number)}`,
        }),
      );
    }
  };

  // GPSBabel writes a track's points as Placemarks "<track>-<n>" inside a Folder named after the track.
  const pointActor = (name: string) => {
    const track = /^(.+)-\d+$/.exec(name)?.[1];
    return track !== undefined && folders.includes(track) ? track : name;
  };

  const placemarkItems = (done: Placemark, items: GeoItem[]) => {
    for (const geometry of done.geometries) {
      // KML separates tuples by whitespace and writes none inside one, but many producers write
      // "lon, lat, alt": spaces beside a comma belong to the tuple.
      const tuples = geometry.text
        .trim()
        .replace(/\s*,\s*/g, ',')
        .split(/\s+/)
        .filter((tuple) => tuple !== '');
      const begin = time(done.when ?? done.begin ?? (done.end === undefined ? done.dataTime?.text : undefined));
      const end = time(done.end);
      if (geometry.kind === 'Point' && begin === undefined) continue;
      // A path drawn over the timed points (GPSBabel's, Google Earth's) is one reason, not one per vertex.
      if (begin === undefined) {
        const count = `${tuples.length} point${tuples.length === 1 ? '' : 's'}`;
        items.push({
          line: geometry.line,
          reason: `${named('line', done.name, done.number)} has no time (no TimeStamp or TimeSpan): its ${count} left out`,
        });
        continue;
      }
      tuples.forEach((tuple, index) => {
        const [longitude, latitude, altitude] = tuple.split(',').map(Number);
        let timestamp = begin;
        // NOTE: a TimeSpan says when the line was travelled, not when each vertex was passed; evenly
        // spread times keep the line in its span and in order, which is all the file tells.
        if (done.when === undefined && typeof begin === 'number' && typeof end === 'number' && tuples.length > 1)
          timestamp = Math.round(begin + ((end - begin) * index) / (tuples.length - 1));
        const label =
          geometry.kind === 'Point'
            ? named('placemark', done.name, done.number)
            : `point ${index + 1} of ${named('line', done.name, done.number)}`;
        items.push(
          trackItem({
            line: geometry.line,
            actor: geometry.kind === 'Point' ? pointActor(done.name) : done.name,
            latitude: latitude ?? Number.NaN,
            longitude: longitude ?? Number.NaN,
            altitude: altitude === undefined || Number.isNaN(altitude) ? null : altitude,
            heading: geometry.kind === 'Point' ? done.heading : null,
            timestamp,
            label,
          }),
        );
      });
    }
  };

  for await (const tokens of xmlElements(text)) {
    const items: GeoItem[] = [];
    for (const token of tokens) {
      if (token.kind === 'open') {
        if (token.name === 'Placemark') {
          placemarks += 1;
          placemark = {
            name: '',
            number: placemarks,
            when: undefined,
            begin: undefined,
            end: undefined,
            dataTime: undefined,
            heading: null,
            geometries: [],
          };
        } else if (token.name === 'Folder') {
          folders.push('');
        } else if (token.name === 'Data' || token.name === 'SimpleData') {
          dataName = token.attributes.name;
        } else if (token.name === 'Track') {
          tracks += 1;
          track = { number: tracks, points: 0, whens: [], coords: [], angles: [] };
        }
        continue;
      }
      const { parent, value, openLine: contentLine } = token;
      if (track !== undefined) {
        if (token.name === 'when') track.whens.push(value);
        else if (token.name === 'coord') track.coords.push({ line: contentLine, text: value });
        else if (token.name === 'angles') track.angles.push(value);
        else if (token.name === 'Track') {
          drain(items);
          // A coord left without a when has no time; whens left without a coord have no place.
          for (const coord of track.coords) {
            track.points += 1;
            items.push({
              line: coord.line,
              reason: `point ${track.points} of ${named('track', placemark?.name ?? '', track.number)} has no time`,
            });
          }
          track = undefined;
        }
        continue;
      }
      if (token.name === 'name' && parent === 'Folder' && folders.length > 0) folders[folders.length - 1] = value;
      else if (token.name === 'Folder') folders.pop();
      if (placemark === undefined) continue;
      if (token.name === 'name' && parent === 'Placemark') placemark.name = value;
      else if (token.name === 'when' && parent === 'TimeStamp') placemark.when = value;
      else if (token.name === 'begin' && parent === 'TimeSpan') placemark.begin = value;
      else if (token.name === 'end' && parent === 'TimeSpan') placemark.end = value;
      else if ((token.name === 'value' && parent === 'Data') || token.name === 'SimpleData') {
        const rank = dataTimeRank(dataName);
        if (rank >= 0 && value !== '' && (placemark.dataTime === undefined || rank < placemark.dataTime.rank))
          placemark.dataTime = { text: value, rank };
        if (placemark.heading === null && DATA_HEADING_NAMES.has((dataName ?? '').toLowerCase().trim()))
          placemark.heading = headingOf(value);
      } else if (token.name === 'heading' && parent === 'IconStyle') placemark.heading = headingOf(value);
      else if (token.name === 'coordinates' && (parent === 'Point' || parent === 'LineString'))
        placemark.geometries.push({ kind: parent, line: contentLine, text: value });
      else if (token.name === 'Placemark') {
        placemarkItems(placemark, items);
        placemark = undefined;
      }
    }
    if (items.length > 0) yield items;
  }
}

/*
 * Two track fixtures that both the geo parser's tests and the map API's read, with what they hold, read
 * off the files by hand: the format detection names, the timed points, the untimed ones (invalid rows)
 * and the first and last times. A map made of either with no settings must say the same.
 */
export interface TrackFixture {
  /** Under the shared fixtures folder. */
  path: string;
  format: string;
  timedPoints: number;
  untimedPoints: number;
  first: string;
  last: string;
}

/** GPSBabel's GPX 1.0: two tracks, 358 points without <time>. */
export const KORITA_GPX: TrackFixture = {
  path: 'field/geo/gpxpy_korita_zbevnica.gpx',
  format: 'gpx',
  timedPoints: 513,
  untimedPoints: 358,
  first: '2010-10-03T09:36:30.000Z',
  last: '2010-10-03T13:19:31.000Z',
};

/** An IGC flight log whose fixes cross UTC midnight. */
export const NEW_ZEALAND_IGC: TrackFixture = {
  path: 'field/geo/igc_new_zealand.igc',
  format: 'igc',
  timedPoints: 5367,
  untimedPoints: 0,
  first: '2009-11-06T23:48:08.000Z',
  last: '2009-11-07T04:08:30.000Z',
};

/** What the map of the fixture made with no settings says of it (times in microseconds). */
export const mapOfTrack = (track: TrackFixture) => ({
  settings: { format: track.format },
  validPointCount: track.timedPoints,
  invalidItemCount: track.untimedPoints,
  firstTimestamp: Date.parse(track.first) * 1000,
  lastTimestamp: Date.parse(track.last) * 1000,
});

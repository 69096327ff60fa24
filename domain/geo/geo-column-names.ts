/*
 * The names a geo CSV's columns go by, per column kind, as producers write them (compared after
 * normalize: lower-case, units and punctuation dropped), and the order kinds are looked for in.
 */
import type { GeoColumn } from './geo-settings.ts';
import { HEMISPHERE_NAMES } from './hemisphere-columns.ts';

// GPS time as receivers and ArduPilot's GPS message write it (GWk, GMS): a week number counted from
// 1980-01-06 and the time into that week, in milliseconds (GMS, iTOW) or seconds (TOW).
export const GPS_WEEK_NAMES = ['gwk', 'gpsweek', 'week', 'gpsweeknumber', 'weeknumber', 'wn'];
export const GPS_MILLISECONDS_OF_WEEK_NAMES = [
  'gms',
  'gpsms',
  'gpstimems',
  'itow',
  'towms',
  'msofweek',
  'timeofweekms',
];
export const GPS_TIME_OF_WEEK_NAMES = [
  ...GPS_MILLISECONDS_OF_WEEK_NAMES,
  'tow',
  'gpstow',
  'timeofweek',
  'secondsofweek',
  'gpsseconds',
  'gpssecond',
];

/**
 * A count of milliseconds since the recording began, compared with its unit kept (lower-case, only
 * letters and digits): AirData's DJI CSV "time(millisecond)", and the "elapsed ms" of loggers like it.
 * Read only beside a timestamp of whole seconds, whose fraction it gives.
 */
export const ELAPSED_MILLISECOND_NAMES = [
  'timemillisecond',
  'timemilliseconds',
  'timems',
  'elapsedms',
  'elapsedtimems',
  'elapsedmillisecond',
  'elapsedmilliseconds',
  'elapsedtimemillisecond',
  'elapsedtimemilliseconds',
];

// Earlier names win; a name is compared lower-case, brackets and non-alphanumerics dropped.
export const NAMES: Record<GeoColumn, readonly string[]> = {
  // PX4's time_utc_usec and MAVLink's time_unix_usec beside a "timestamp" that counts from boot.
  timestamp: [
    'timestamp',
    'datetimeutc',
    'datetime',
    'utc',
    'time',
    'date',
    'ts',
    'gpstime',
    'timeutc',
    'timeutcusec',
    'timeunixusec',
    'timeusec',
    'unixtime',
    'epoch',
    // exiftool's CSV of photos' tags: the GPS clock in UTC first, the camera's local clock after it.
    'gpsdatetime',
    'datetimeoriginal',
    // A European spreadsheet's headers (German, French, Spanish, Italian), accents dropped by normalize.
    'zeitstempel',
    'datumzeit',
    'datumuhrzeit',
    'zeit',
    'horodatage',
    'dateheure',
    'fechahora',
    'marcadetiempo',
    'dataora',
  ],
  hour_minute_second: [
    'hourminutesecond',
    'hms',
    'timeofday',
    'clock',
    'localtime',
    'lcltime',
    'utctime',
    // DJI flight records: CUSTOM.updateTime [local], "10:42:29.74 AM" beside CUSTOM.date [local].
    'updatetime',
    'time',
    'gpstime',
    'uhrzeit',
    'zeit',
    'heure',
    'hora',
    'ora',
    ...GPS_TIME_OF_WEEK_NAMES,
  ],
  date: ['date', 'lcldate', 'localdate', 'utcdate', 'gpsdate', 'datum', 'fecha', 'data', ...GPS_WEEK_NAMES],
  utc_offset: ['utcofst', 'utcoffset', 'utcoff', 'tzoffset', 'timezoneoffset', 'offset'],
  actor: [
    'actor',
    'callsign',
    'flight',
    'aircraft',
    'registration',
    'icao24',
    'vehicle',
    'drone',
    // Fleet trackers' exports (Traccar's route report, GPS trackers' portals) name the unit a device.
    'device',
    'devicename',
    'deviceid',
    'tracker',
    'imei',
    'name',
    'track',
    'id',
    'fahrzeug',
    'gerat',
    'geraet',
    'kennung',
    'vehicule',
    'nom',
    'vehiculo',
    'nombre',
    'veicolo',
    'nome',
  ],
  // position_lat and position_long: Garmin FIT's record fields, in semicircles unless converted.
  latitude: [
    'latitude',
    'lat',
    'gpslatitude',
    'positionlat',
    'breitengrad',
    'breite',
    'geogrbreite',
    'latitud',
    'latitudine',
  ],
  longitude: [
    'longitude',
    'lon',
    'lng',
    'long',
    'gpslongitude',
    'positionlong',
    'positionlon',
    'langengrad',
    'laengengrad',
    'lange',
    'laenge',
    'geogrlange',
    'longitud',
    'longitudine',
  ],
  // GDAL's and QGIS's CSV export writes the geometry as WKT ("POINT (lon lat)") in WKT or geometry.
  position: ['position', 'latlon', 'latlng', 'coordinates', 'location', 'wkt', 'geometry', 'geom', 'thegeom'],
  // AltMSL before AltB: a G1000's baro altitude follows the altimeter setting, MSL is the aircraft's.
  // OpenSky state vectors carry geoaltitude (GPS) and baroaltitude (pressure): the GPS one is the place.
  // Above sea level before a bare "altitude": AirData's DJI CSV has both, its altitude(feet) the height above takeoff.
  altitude: [
    'altitudeabovesealevel',
    'altmsl',
    // PX4 sensor_gps: altitude_msl_m (the "_m" dropped as a unit).
    'altitudemsl',
    'altitudeamsl',
    'altitude',
    // FIT's enhanced_altitude: the 32-bit field newer devices write in place of altitude.
    'enhancedaltitude',
    'altamsl',
    'alt',
    'altgps',
    'gpsaltitude',
    'geoaltitude',
    'altgeom',
    'gpsalt',
    'altitudem',
    'altitudemeters',
    'altitudeft',
    'altitudefeet',
    // FlightAware's track log names its altitude column by the unit alone.
    'feet',
    'elevation',
    'ele',
    'elev',
    'height',
    'heightabovetakeoff',
    'baroaltitude',
    'altbaro',
    'altb',
    'hohe',
    'hoehe',
    'hoheubernn',
    'hoheuebernn',
    'hohenn',
    'meereshohe',
    'altitud',
    'altitudine',
    'quota',
    'elevacion',
  ],
  heading: [
    'heading',
    'compassheading',
    'hdg',
    'yaw',
    'direction',
    'course',
    'bearing',
    'truetrack',
    'trk',
    'kurs',
    'richtung',
    'cap',
    'rumbo',
    'rotta',
    // EXIF: the way the camera looked (a drone's or dashcam's heading).
    'gpsimgdirection',
  ],
  pitch: ['pitch'],
  // Aviation logs (ForeFlight, Garmin Pilot) call the roll angle bank.
  roll: ['roll', 'bank', 'bankangle'],
  // Not by these names (they drop the unit that says milliseconds): ELAPSED_MILLISECOND_NAMES.
  elapsed_milliseconds: [],
  ...HEMISPHERE_NAMES,
};
/**
 * A name that says instant with more words than NAMES has ("timestamp_epoch" in a MotoACTV export,
 * "epoch_ms", "unix_timestamp"): tried after those, and taken only when its cells read as instants.
 */
export const isInstantName = (name: string) => /timestamp|epoch|unixtime|datetime/.test(name);

export const ORDER: readonly GeoColumn[] = [
  'latitude',
  'longitude',
  'latitude_hemisphere',
  'longitude_hemisphere',
  'position',
  'date',
  'timestamp',
  'hour_minute_second',
  'utc_offset',
  'altitude',
  'heading',
  'pitch',
  'roll',
  'actor',
];

// A log message's name before a field ("OSD.latitude" in DJI flight records read by PhantomHelp or
// Airdata's raw export, "GPS.Lat" in Mission Planner's CSV) is dropped, except the home point's
// ("HOME.latitude" is where the aircraft took off, not where it is).
const MESSAGE_PREFIX = /^\s*(?!home\.)[a-z][a-z0-9_]{0,30}\.(?=[a-z])/i;

// A unit written after the name ("alt_ft", "lat deg", "Altitude-m") is dropped like one in brackets.
// Accents go first, so "Längengrad" and "Höhe" compare as "langengrad" and "hohe".
export const normalize = (name: string) =>
  name
    .replace(MESSAGE_PREFIX, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\([^)]*\)|\[[^\]]*\]/g, '')
    .replace(/[\s_-]+(ft|feet|m|meters|metres|deg|degrees|grad)\s*$/, '')
    // A hemisphere note after a coordinate's name (Columbus loggers' "LATITUDE N/S"): the letters are in the cells.
    .replace(/\s+(n\/s|s\/n|e\/w|w\/e)\s*$/, '')
    .replace(/[^a-z0-9]/g, '');

// Flight-log and survey CSVs written from their producers' documentation: DJI flight records as
// PhantomHelp and Airdata's raw export name their columns ("OSD.latitude"), and files maps refuse by
// name rather than as rows without a latitude: grid references, UTM, ArduPilot's DataFlash text log;
// a WKT geometry column as GDAL and QGIS write one.
import { describe, expect, it } from 'vitest';
import { detectAndRead, detectBytes, encode } from './geo-file-test-reader.ts';

describe('DJI flight records with message-prefixed columns', () => {
  it('OSD.latitude and OSD.longitude, not HOME.*; CUSTOM.date with the 12-hour CUSTOM.updateTime; OSD.altitude in feet', async () => {
    const text = [
      'CUSTOM.date [local],CUSTOM.updateTime [local],OSD.flyTime [s],HOME.latitude,HOME.longitude,OSD.latitude,OSD.longitude,OSD.height [ft],OSD.altitude [ft],OSD.pitch,OSD.roll,OSD.yaw [360]',
      '3/5/2024,10:42:29.74 AM,0.0,47.6,-122.3,47.6062095,-122.3320708,0.0,187.3,0.2,-0.1,271.1',
      '3/5/2024,1:42:29.84 PM,0.1,47.6,-122.3,47.6062096,-122.3320709,0.3,187.6,0.3,-0.1,271.2',
    ].join('\n');
    const { detection, points } = await detectAndRead(encode(text), 'DJIFlightRecord.csv');
    expect(detection.reason).toContain("(local time, as its name says: set the map's time zone)");
    expect(detection.settings).toMatchObject({
      altitudeUnit: 'feet',
      identifiedColumns: {
        '0': 'date',
        '1': 'hour_minute_second',
        '5': 'latitude',
        '6': 'longitude',
        '8': 'altitude',
        '9': 'pitch',
        '10': 'roll',
        '11': 'heading',
      },
    });
    expect(points.map((point) => [point.timestamp, point.latitude, point.heading])).toEqual([
      [Date.UTC(2024, 2, 5, 10, 42, 29, 740) * 1000, 47.6062095, 271.1],
      [Date.UTC(2024, 2, 5, 13, 42, 29, 840) * 1000, 47.6062096, 271.2],
    ]);
    expect(points[0]!.altitude).toBeCloseTo(187.3 * 0.3048, 9);
  });
});

describe('files refused by what they hold', () => {
  it('MGRS grid references and UTM eastings and northings, with no latitude and longitude', () => {
    const mgrs = 'time,unit,mgrs\n2024-03-05T12:00:00Z,P-1,33UXP0500444998\n2024-03-05T12:01:00Z,P-1,33UXP0510045100\n';
    expect(() => detectBytes(encode(mgrs), 'patrol.csv')).toThrow('holds grid references ("mgrs": MGRS or USNG)');
    const utm =
      'timestamp,zone,easting,northing\n2024-03-05T12:00:00Z,32T,466123.4,5250112.8\n2024-03-05T12:01:00Z,32T,466223.4,5250212.8\n';
    expect(() => detectBytes(encode(utm), 'survey.csv')).toThrow('holds projected coordinates ("easting", "northing"');
    const both =
      'time,lat,lon,mgrs\n2024-03-05T12:00:00Z,52.1,4.1,31UFU0000000000\n2024-03-05T12:00:01Z,52.1,4.1,31UFU0000000000\n';
    expect(detectBytes(encode(both), 'both.csv').settings.identifiedColumns).toMatchObject({ '1': 'latitude' });
  });

  it("ArduPilot's DataFlash log as text: says to write its GPS messages out as CSV", () => {
    const text = [
      'FMT, 128, 89, FMT, BBnNZ, Type,Length,Name,Format,Columns',
      'FMT, 130, 55, GPS, QBIHBcLLeffffB, TimeUS,I,Status,GMS,GWk,NSats,HDop,Lat,Lng,Alt,Spd,GCrs,VZ,Yaw,U',
      'GPS, 57000000, 0, 3, 216018000, 2304, 12, 0.77, -35.3632621, 149.1652374, 584.12, 0.02, 0, 0.01, 0, 1',
      '',
    ].join('\n');
    expect(() => detectBytes(encode(text), '00000042.log')).toThrow(
      'is an ArduPilot DataFlash log as text (FMT lines, then rows of many message types)',
    );
  });
});

describe('a WKT geometry column (GDAL and QGIS CSV exports)', () => {
  it("reads its points longitude first; a line in it is its row's reason", async () => {
    const text = [
      'WKT,fid,time',
      '"POINT (4.8951 52.3702)",1,2024-03-05T12:00:01Z',
      '"POINT Z (4.8961 52.3712 2.5)",2,2024-03-05T12:00:31Z',
      '"LINESTRING (4.8961 52.3712, 4.8971 52.3722)",3,2024-03-05T12:01:01Z',
    ].join('\n');
    const { detection, points, invalid } = await detectAndRead(encode(text), 'layer.csv');
    expect(detection.reason).toContain('position from "WKT" (WKT points, longitude before latitude)');
    expect(points.map((point) => [point.latitude, point.longitude])).toEqual([
      [52.3702, 4.8951],
      [52.3712, 4.8961],
    ]);
    expect(invalid).toEqual([
      { line: 4, reason: 'position is a WKT LINESTRING, not a POINT: a WKT column gives its points only' },
    ]);
  });
});

describe('hemisphere letters in columns of their own', () => {
  // BT747's CSV of an MTK logger (GPSBabel's reference/track/mtk_logger_m241_alternate.csv), its
  // letters set to S and W for a track south and west of zero, and one row with a letter of the wrong axis.
  const header =
    'INDEX,RCR,DATE,TIME,VALID,LATITUDE,N/S,LONGITUDE,E/W,HEIGHT,SPEED,DSTA,PDOP,HDOP,VDOP,NSAT (USED/VIEW),';
  it("signs the unsigned degrees by the N/S and E/W columns; a wrong letter is its row's reason", async () => {
    const text = [
      header,
      '1,B,2008/05/04,12:52:47.000,SPS,41.805592,S,12.679832,W,374.813 m,0.865 km/h,0,1.13,0.85,0.74,11(11),',
      '2,T,2008/05/04,12:52:52.000,SPS,41.805626,N,12.679758,E,381.547 m,0.539 km/h,0,1.39,1.11,0.85,9(11),',
      '3,T,2008/05/04,12:52:58.000,SPS,41.805599,E,12.679750,W,378.805 m,2.011 km/h,0,1.13,0.86,0.74,11(11),',
    ].join('\n');
    const { detection, points, invalid } = await detectAndRead(encode(text), 'GPS_20080504_125247.csv');
    expect(detection.settings.identifiedColumns).toMatchObject({
      '5': 'latitude',
      '6': 'latitude_hemisphere',
      '7': 'longitude',
      '8': 'longitude_hemisphere',
    });
    expect(detection.reason).toContain('hemispheres from "N/S" and "E/W"');
    expect(points.map((point) => [point.latitude, point.longitude])).toEqual([
      [-41.805592, -12.679832],
      [41.805626, 12.679758],
    ]);
    expect(invalid).toEqual([{ line: 4, reason: "latitude's hemisphere 'E' is not N or S" }]);
  });

  it("a negative degree with an N is its row's reason; a column of other letters is no hemisphere", async () => {
    const signed =
      'time,lat,N/S,lon,E/W\n2024-03-05T12:00:00Z,-33.86,N,151.2,E\n2024-03-05T12:00:01Z,33.86,S,151.2,E\n';
    const { points, invalid } = await detectAndRead(encode(signed), 'signed.csv');
    expect(points.map((point) => point.latitude)).toEqual([-33.86]);
    expect(invalid[0]?.reason).toBe('latitude -33.86 is negative but its hemisphere column says N');
    const other = 'time,lat,lon,ns\n2024-03-05T12:00:00Z,-33.86,151.2,A\n2024-03-05T12:00:01Z,-33.87,151.2,B\n';
    const read = await detectAndRead(encode(other), 'other.csv');
    expect(Object.values(read.detection.settings.identifiedColumns)).not.toContain('latitude_hemisphere');
    expect(read.points.map((point) => point.latitude)).toEqual([-33.86, -33.87]);
  });
});

describe('a time column named with more words than the usual names', () => {
  it('MotoACTV\'s "timestamp_epoch" in milliseconds (GPSBabel\'s reference/track/motoactv.csv)', async () => {
    const text = [
      '"DISTANCE","activity_id","HEARTRATE","SPEED","LATITUDE","timestamp_epoch","ELEVATION","LONGITUDE","heading"',
      '"0.41935825","4","86.0","0.0","37.781487","1340931788091","151.0","-122.40523","228"',
      '"1.7993584","4","79.0","0.285108","37.781693","1340931805822","4.0","-122.40586","152"',
    ].join('\n');
    const { detection, points } = await detectAndRead(encode(text), 'motoactv.csv');
    expect(detection.settings).toMatchObject({ numericUnit: 'milliseconds', identifiedColumns: { '5': 'timestamp' } });
    expect(points.map((point) => [point.timestamp, point.heading])).toEqual([
      [1_340_931_788_091_000, 228],
      [1_340_931_805_822_000, 152],
    ]);
  });

  it('a count since boot named "timestamp_boot" is no instant: the rows say they have no time', async () => {
    const text = 'timestamp_boot,lat,lon\n1200,47.1,8.1\n1300,47.2,8.2\n';
    const { detection, invalid } = await detectAndRead(encode(text), 'px4.csv');
    expect(Object.values(detection.settings.identifiedColumns)).not.toContain('timestamp');
    expect(invalid[0]?.reason).toBe('has no time');
  });
});

describe('ForeFlight track log CSV', () => {
  // Its two sections as the parsers and converters of its logs write them: a summary header and row,
  // then the points in epoch seconds, Altitude in feet, Bank the roll.
  it('reads the points under the summary, the altitude in feet, Bank as the roll', async () => {
    const text = [
      'Pilot,Tail Number,Derived Origin,Start Latitude,Start Longitude,Derived Destination,End Latitude,End Longitude,Start Time,End Time',
      '"","N183CP","KBIH",37.0,-118.0,"KOAK",37.7,-122.2,1700000000000,1700000300000',
      'Timestamp,Latitude,Longitude,Altitude,Course,Speed,Bank,Pitch,Horizontal Error,Vertical Error,g Load',
      '1700000000.000000,37.37180000,-118.36330000,4120.0,303.0000,0.0000,0.0000,0.0000,1.0,1.5,1.0',
      '1700000001.500000,37.37190000,-118.36340000,4125.0,303.5000,62.2000,-2.5000,8.5000,1.0,1.5,1.1',
    ].join('\n');
    const { detection, points } = await detectAndRead(encode(text), 'track.csv');
    expect(detection.reason).toContain('altitude "Altitude" in feet (a ForeFlight track log, which writes feet)');
    expect(detection.settings).toMatchObject({ icon: 'airplane', altitudeUnit: 'feet', preambleRowCount: 2 });
    expect(points.map((point) => [point.timestamp, point.heading, point.roll, point.pitch])).toEqual([
      [1_700_000_000_000_000, 303, 0, 0],
      [1_700_000_001_500_000, 303.5, -2.5, 8.5],
    ]);
    expect(points[1]!.altitude).toBeCloseTo(4125 * 0.3048, 9);
  });
});

describe("exiftool's CSV of photos' GPS tags", () => {
  it('with -n: GPSDateTime in UTC with colons in its date, GPSImgDirection as the heading', async () => {
    const text = [
      'SourceFile,GPSLatitude,GPSLongitude,GPSAltitude,GPSDateTime,DateTimeOriginal,GPSImgDirection',
      'photos/IMG_0001.JPG,-33.8568,151.2153,56.3,2024:03:05 19:00:01Z,2024:03:06 06:00:01,271.5',
      'photos/IMG_0002.JPG,-33.8570,151.2155,57.1,2024:03:05 19:00:31.5Z,2024:03:06 06:00:31,270.0',
    ].join('\n');
    const { detection, points } = await detectAndRead(encode(text), 'photos.csv');
    expect(detection.settings.identifiedColumns).toMatchObject({ '1': 'latitude', '2': 'longitude', '4': 'timestamp' });
    expect(points.map((point) => [point.timestamp, point.latitude, point.heading])).toEqual([
      [Date.UTC(2024, 2, 5, 19, 0, 1) * 1000, -33.8568, 271.5],
      [Date.UTC(2024, 2, 5, 19, 0, 31, 500) * 1000, -33.857, 270],
    ]);
  });

  it('without -n: degrees, minutes and seconds signed by GPSLatitudeRef and GPSLongitudeRef words', async () => {
    const text = [
      'SourceFile,GPSLatitude,GPSLatitudeRef,GPSLongitude,GPSLongitudeRef,DateTimeOriginal',
      'photos/IMG_0001.JPG,"33 deg 51\' 24.48"" S",South,"151 deg 12\' 55.08"" E",East,2024:03:06 06:00:01',
      'photos/IMG_0002.JPG,"33 deg 51\' 25.20"" S",South,"151 deg 12\' 55.80"" E",East,2024:03:06 06:00:31',
    ].join('\n');
    const { detection, points } = await detectAndRead(encode(text), 'photos.csv');
    expect(detection.reason).toContain('hemispheres from "GPSLatitudeRef" and "GPSLongitudeRef"');
    expect(points.map((point) => [point.latitude.toFixed(4), point.longitude.toFixed(4)])).toEqual([
      ['-33.8568', '151.2153'],
      ['-33.8570', '151.2155'],
    ]);
  });
});

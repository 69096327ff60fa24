// FIT activities converted by FitCSVTool (Garmin's FIT SDK), written from its documented output: a row
// per message, field/value/units triples; Bosch eBike Flow's split records from hacdias.com's write-up.
import { describe, expect, it } from 'vitest';
import { detectAndRead, encode } from './geo-file-test-reader.ts';

const HEADER =
  'Type,Local Number,Message,Field 1,Value 1,Units 1,Field 2,Value 2,Units 2,Field 3,Value 3,Units 3,Field 4,Value 4,Units 4,Field 5,Value 5,Units 5,';
const iso = (micros: number) => new Date(micros / 1000).toISOString();

describe('FitCSVTool CSV', () => {
  it('reads the record rows as points: FIT-epoch seconds, semicircles, enhanced altitude; a record without a position is invalid', async () => {
    const text = [
      HEADER,
      'Definition,0,file_id,serial_number,1,,time_created,1,,manufacturer,1,,type,1,,',
      'Data,0,file_id,serial_number,"3911234567",,time_created,"1034528400",,manufacturer,"garmin",,type,"activity",,',
      'Data,1,event,timestamp,"1034528400",s,event,"timer",,event_type,"start",,',
      'Definition,2,record,timestamp,1,,position_lat,1,,position_long,1,,enhanced_altitude,1,,heart_rate,1,,',
      'Data,2,record,timestamp,"1034528400",s,position_lat,"495280430",semicircles,position_long,"-982696131",semicircles,enhanced_altitude,"287.2",m,heart_rate,"140",bpm,',
      'Definition,3,record,timestamp,1,,heart_rate,1,,',
      'Data,3,record,timestamp,"1034528402",s,heart_rate,"142",bpm,',
      'Data,2,record,timestamp,"1034528403",s,position_lat,"495280610",semicircles,position_long,"-982695931",semicircles,enhanced_altitude,"287.9",m,heart_rate,"143",bpm,',
    ].join('\r\n');
    const { detection, points, invalid } = await detectAndRead(encode(text), 'Morning_Ride.csv');
    expect(detection.settings.format).toBe('fit-csv');
    expect(detection.reason).toContain('3 "record" rows in the file');
    expect(
      points.map((point) => [
        point.line,
        iso(point.timestamp),
        point.latitude.toFixed(6),
        point.longitude.toFixed(6),
        point.altitude,
      ]),
    ).toEqual([
      [6, '2022-10-12T17:00:00.000Z', '41.513926', '-82.368638', 287.2],
      [9, '2022-10-12T17:00:03.000Z', '41.513941', '-82.368621', 287.9],
    ]);
    expect(invalid).toEqual([
      {
        line: 8,
        reason:
          'record 2 has no position (position_lat and position_long are not in it: a sensor reading without a GPS fix)',
      },
    ]);
  });

  it('records of one timestamp split over two rows (Bosch eBike Flow) are one point', async () => {
    const text = [
      HEADER,
      'Definition,0,record,timestamp,1,,position_lat,1,,position_long,1,,,,,,,,,,,,,,,,,',
      'Data,0,record,timestamp,"1061488539",s,position_lat,"613609791",semicircles,position_long,"65074199",semicircles,,,,,,,,,,,,,,,,',
      'Definition,0,record,timestamp,1,,altitude,1,,cadence,1,,distance,1,,speed,1,,power,1,,,,,,,,',
      'Data,0,record,timestamp,"1061488539",s,altitude,"17.200000000000045",m,cadence,"65",rpm,distance,"2214.0",m,speed,"5.303",m/s,power,"82",watts,enhanced_altitude,"17.200000000000045",m,enhanced_speed,"5.3",m/s,',
      'Data,0,record,timestamp,"1061488540",s,position_lat,"613609891",semicircles,position_long,"65074299",semicircles,,,,,,,,,,,,,,,,',
      'Data,0,record,timestamp,"1061488540",s,altitude,"17.4",m,cadence,"66",rpm,distance,"2219.3",m,speed,"5.31",m/s,power,"85",watts,',
    ].join('\n');
    const { points, invalid } = await detectAndRead(encode(text), 'flow-export.csv');
    expect(invalid).toEqual([]);
    expect(points.map((point) => [point.line, iso(point.timestamp), point.altitude])).toEqual([
      [3, '2023-08-20T17:55:39.000Z', 17.200000000000045],
      [6, '2023-08-20T17:55:40.000Z', 17.4],
    ]);
  });
});

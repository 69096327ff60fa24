import { describe, expect, it } from 'vitest';
import { inferTimeShape } from './infer-time-shape.ts';
import { loadPatternReader } from './pattern-reader.ts';
import { resolveTimeZone } from './time-zone-loader.ts';

describe('inferTimeShape', () => {
  it('decides US dates when a value of 13 or more sits in the second position', () => {
    const shape = inferTimeShape(['9/27/2013 2:42:26 PM', '10/01/2013 9:00:00 AM', '10/02/2013 1:00:00 AM']);
    expect(shape).toMatchObject({ kind: 'date-time', dateOrder: 'mdy', precision: 0, readable: 1 });
    expect(shape?.reason).toBe(
      'US dates: nothing above 12 in the first position (the month), 27 in the second position',
    );
  });

  it('decides day-first dates from a value of 13 or more in the first position', () => {
    const shape = inferTimeShape(['03.04.2024 10:00', '27.09.2013 14:42', '01.02.2020 00:00']);
    expect(shape).toMatchObject({ dateOrder: 'dmy', precision: -1 });
    expect(shape?.reason).toContain('27 in the first position');
  });

  it('says when nothing decides, reading "/" month-first and "." day-first', () => {
    expect(inferTimeShape(['01/02/2024', '03/04/2024'])).toMatchObject({ kind: 'date', dateOrder: 'mdy' });
    expect(inferTimeShape(['01/02/2024'])?.reason).toBe(
      'no value above 12 decides the date order in 1 date; read month-first (US)',
    );
    expect(inferTimeShape(['01.02.2024', '03.04.2024'])).toMatchObject({ dateOrder: 'dmy' });
  });

  it('reads yy/mm/dd (Spark and Hadoop) year-first when the first field holds still while the day moves', () => {
    // Spark executor lines from loghub's Spark_2k.log span a night: "17/06/09 20:10:40", then "17/06/10".
    const shape = inferTimeShape(['17/06/09 20:10:40', '17/06/09 23:59:58', '17/06/10 00:00:01']);
    expect(shape).toMatchObject({ dateOrder: 'ymd', readable: 1 });
    expect(shape?.reason).toBe(
      'year-first dates (yy/mm/dd): 17 stays in the first position while the third (the day) changes',
    );
    // The day in the first field and the year holding still keeps day-first.
    expect(inferTimeShape(['13/06/09 10:00:00', '14/06/09 10:00:00'])).toMatchObject({ dateOrder: 'dmy' });
  });

  it('reads one day of yy/mm/dd as the later past year, and leaves dotted and impossible ones alone', () => {
    const spark = inferTimeShape(['17/06/09 20:10:40', '17/06/09 20:10:52']);
    expect(spark).toMatchObject({ dateOrder: 'ymd' });
    expect(spark?.reason).toContain('"17/06/09" read as 2017 rather than 2009');
    // Day-first with the later year already (2024 against 2013) stays day-first.
    expect(inferTimeShape(['13/05/24 10:00:00'])).toMatchObject({ dateOrder: 'dmy' });
    // Dotted dates are Europe's day-first: "17.06.09" is 17 June 2009.
    expect(inferTimeShape(['17.06.09 20:10:40'])).toMatchObject({ dateOrder: 'dmy' });
    // iOS lockdownd's "10/13/21" cannot be year-first (month 13).
    expect(inferTimeShape(['10/13/21 07:57:42.865446'])).toMatchObject({ dateOrder: 'mdy' });
  });

  it('tells epoch units apart and refuses small counters', () => {
    expect(inferTimeShape(['1516713364', '1516713382'])).toMatchObject({
      kind: 'epoch',
      numericUnit: 'seconds',
      precision: 0,
    });
    expect(inferTimeShape(['1521911720.629574'])).toMatchObject({ numericUnit: 'seconds', precision: 6 });
    expect(inferTimeShape(['1700000000123', '1700000000999'])).toMatchObject({
      numericUnit: 'milliseconds',
      precision: 3,
    });
    expect(inferTimeShape(['1700000000123456789'])).toMatchObject({ numericUnit: 'nanoseconds', precision: 9 });
    expect(inferTimeShape(['0', '1348', '17'])).toBeUndefined();
  });

  it('reads compact 8-digit dates as dates, and gives the precision of ISO fractions', () => {
    expect(inferTimeShape(['20180123', '20180124'])).toMatchObject({ kind: 'date' });
    expect(inferTimeShape(['2024-01-02T03:04:05.123456789Z'])).toMatchObject({ kind: 'date-time', precision: 9 });
  });

  it('gives up when most cells are not times', () => {
    expect(inferTimeShape(['QOS', 'PAL', '2024-01-02'])).toBeUndefined();
  });
});

describe('loadPatternReader', () => {
  const utc = resolveTimeZone('UTC');
  it('reads an explicit pattern with month names and AM/PM', async () => {
    const reader = await loadPatternReader('M/d/yyyy h:mm:ss a', utc);
    if (typeof reader === 'string') throw new Error(reader);
    expect(reader('9/27/2013 2:42:26 PM')).toBe(Date.UTC(2013, 8, 27, 14, 42, 26) * 1000);
    expect(reader('9/27/2013 14:42:26')).toBeUndefined();
    const named = await loadPatternReader('dd/MMM/yyyy:HH:mm:ss xx', utc);
    if (typeof named === 'string') throw new Error(named);
    expect(named('13/Jan/2016:19:31:20 +0200')).toBe(Date.UTC(2016, 0, 13, 17, 31, 20) * 1000);
  });

  it('applies a row offset to a zone-less pattern', async () => {
    const reader = await loadPatternReader('yyyyMMdd HHmm', utc);
    if (typeof reader === 'string') throw new Error(reader);
    expect(reader('20180123 1316', 60)).toBe(Date.UTC(2018, 0, 23, 12, 16) * 1000);
  });

  it('says why a pattern is not one', async () => {
    expect(await loadPatternReader('yyyy-MM-dd {', utc)).toMatch(/is not a pattern/);
  });
});

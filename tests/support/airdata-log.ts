/*
 * The DJI Air 2S flight log as AirData exports it (fixtures/geo/airdata_dji_air2s_2021-09-05.csv), the
 * geo suites' large real CSV: which of its columns map detection identifies, read off its header by hand.
 */
export const AIRDATA_FILE = 'airdata_dji_air2s_2021-09-05.csv';

/** By column index: datetime(utc), latitude, longitude, compass_heading, pitch and roll; the rest are left alone. */
export const AIRDATA_COLUMNS = {
  '1': 'timestamp',
  '2': 'latitude',
  '3': 'longitude',
  '21': 'heading',
  '22': 'pitch',
  '23': 'roll',
};

/*
 * A Slack export's channel "ops" holding one day file again and again: each entry packs small, the
 * archive as a whole unpacks past the ratio a zip bomb is refused at. The importer's test and the
 * API's refusal build their zips from it.
 */
import type { Zippable } from 'fflate';

/** `count` copies of `day` as ops/2024-MM-DD.json, one a day (28 days a month), each packed at level 9. */
export function repeatedDayFiles(day: Uint8Array, count: number): Zippable {
  const files: Zippable = {};
  for (let index = 0; index < count; index += 1) {
    const month = String(1 + Math.floor(index / 28)).padStart(2, '0');
    const date = String(1 + (index % 28)).padStart(2, '0');
    files[`ops/2024-${month}-${date}.json`] = [day, { level: 9 }];
  }
  return files;
}

/*
 * Reads the globe's offline context (coastlines and borders of Natural Earth) bundled with the app.
 * The file is precached by the service worker, so it answers with no network; one read per page.
 */
import { decodeNaturalEarth, NATURAL_EARTH_CONTEXT_URL, NaturalEarthFileSchema, type NaturalEarthContext } from '../../domain/geo/natural-earth-context.ts';

let reading: Promise<NaturalEarthContext> | undefined;

/** The decoded context; a failed read is forgotten so the next globe tries again. */
export function readNaturalEarth(): Promise<NaturalEarthContext> {
  reading ??= fetch(NATURAL_EARTH_CONTEXT_URL)
    .then(async (answer) => {
      if (!answer.ok) throw new Error(`the map's coastlines and borders answered ${answer.status}`);
      return decodeNaturalEarth(NaturalEarthFileSchema.parse(await answer.json()));
    })
    .catch((error: unknown) => {
      reading = undefined;
      throw error;
    });
  return reading;
}

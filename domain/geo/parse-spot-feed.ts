/*
 * SPOT satellite trackers' public feed (api.findmespot.com …/public/feed/{id}/message.xml or
 * message.json): `response.feedMessageResponse.messages.message`, each message one device's report
 * with messengerName (the device, as its owner named it: the actor), unixTime (epoch seconds),
 * latitude, longitude, altitude and messageType (TRACK, OK, HELP, CUSTOM, POWER-OFF, …). The feed
 * lists the newest first; the map orders points by time. JSON holds a lone message as an object, not
 * a list of one. A report without a fix carries -99999 for its position, one without a height 0.
 */
import { JSONParser } from '@streamparser/json';
import { ImportError } from '../import/import-error.ts';
import { jsonStreamItems } from './json-stream-items.ts';
import { textStart } from './text-start.ts';
import { trackItem, type GeoItem } from './track-fix.ts';
import { xmlElements } from './xml-tokens.ts';

const MESSAGES = '$.response.feedMessageResponse.messages.message';
// SPOT's "no position" value.
const NO_FIX = -99999;

type Fields = Readonly<Record<string, unknown>>;

function numberOf(value: unknown): number {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return number === NO_FIX ? Number.NaN : number;
}

function messageItem(fields: Fields, line: number, count: number): GeoItem {
  const type = typeof fields['messageType'] === 'string' ? ` (${fields['messageType']})` : '';
  const unixTime = numberOf(fields['unixTime']);
  const altitude = numberOf(fields['altitude']);
  return trackItem({
    line,
    actor: String(fields['messengerName'] ?? fields['messengerId'] ?? ''),
    latitude: numberOf(fields['latitude']),
    longitude: numberOf(fields['longitude']),
    // Devices without an altimeter (SPOT Gen3, Trace) report 0: no height, not sea level.
    altitude: Number.isFinite(altitude) && altitude !== 0 ? altitude : null,
    heading: null,
    timestamp: Number.isFinite(unixTime) ? Math.round(unixTime * 1_000_000) : undefined,
    label: `message ${count}${type}`,
  });
}

async function* jsonMessages(text: AsyncIterable<string>): AsyncGenerator<GeoItem[]> {
  // The list's items, and the value itself when it is one message rather than a list.
  const parser = new JSONParser({ paths: [`${MESSAGES}.*`, MESSAGES], keepStack: false });
  let count = 0;
  const items: GeoItem[] = [];
  parser.onValue = ({ value, key }) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
    // A list's item arrives under its index; a lone message under its own key, "message".
    if (key !== 'message' && typeof key !== 'number') return;
    count += 1;
    items.push(messageItem(value as Fields, count, count));
  };
  const chunks = yield* jsonStreamItems(
    text,
    parser,
    items,
    (message) => `is not a readable SPOT feed after ${count} messages: ${message}`,
  );
  if (chunks === 0) throw new ImportError('invalid-file', 'is empty');
  if (items.length > 0) yield items;
}

async function* xmlMessages(text: AsyncIterable<string>): AsyncGenerator<GeoItem[]> {
  let fields: Record<string, string> | undefined;
  let line = 0;
  let count = 0;
  for await (const tokens of xmlElements(text)) {
    const items: GeoItem[] = [];
    for (const token of tokens) {
      if (token.kind === 'open') {
        if (token.name === 'message' && !token.selfClosing) {
          fields = {};
          line = token.line;
        }
      } else if (token.name === 'message' && fields !== undefined) {
        count += 1;
        items.push(messageItem(fields, line, count));
        fields = undefined;
      } else if (fields !== undefined && token.parent === 'message') fields[token.name] = token.value;
    }
    if (items.length > 0) yield items;
  }
}

export async function* parseSpotFeed(text: AsyncIterable<string>): AsyncGenerator<GeoItem[]> {
  const { start, all } = await textStart(text);
  if (start.startsWith('<')) yield* xmlMessages(all);
  else yield* jsonMessages(all);
}

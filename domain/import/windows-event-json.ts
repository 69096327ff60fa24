/*
 * A Windows event converted to JSON from .evtx (omerbenamram's evtx_dump -o json/jsonl, python-evtx and
 * the like): {"Event": {"System": {...}, "EventData": {...}}}, an XML attribute under "#attributes" (or
 * "@Name"), an element with attributes and text as {"#attributes": …, "#text": …}. No message is
 * rendered, so the event reads as the XML export's does without one: its provider, ID and data pairs,
 * never the namespace and GUIDs a summary of every field would open with.
 */
import type { JsonValue } from './import-record.ts';
import { isJsonObject } from './json-lines.ts';

type JsonObject = { [key: string]: JsonValue };

const scalar = (value: JsonValue | undefined): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

function attributeOf(element: JsonValue | undefined, name: string): string | undefined {
  if (!isJsonObject(element)) return undefined;
  const attributes = element['#attributes'];
  return scalar(isJsonObject(attributes) ? attributes[name] : undefined) ?? scalar(element[`@${name}`]);
}

/** An element's text: the value itself, or its "#text" beside attributes. */
function textOf(value: JsonValue | undefined): string | undefined {
  return scalar(value) ?? (isJsonObject(value) ? scalar(value['#text']) : undefined);
}

/** EventData as "Name=value" pairs: named fields, or a list of Data elements each with a Name attribute. */
function dataPairs(data: JsonValue | undefined): string[] {
  if (!isJsonObject(data)) return [];
  const pairs: string[] = [];
  const add = (name: string | undefined, value: string | undefined) => {
    if (name !== undefined && value !== undefined && value !== '' && value !== '-') pairs.push(`${name}=${value}`);
  };
  for (const [name, value] of Object.entries(data)) {
    if (name === '#attributes') continue;
    if (name === 'Data' && Array.isArray(value)) for (const item of value) add(attributeOf(item, 'Name'), textOf(item));
    else add(name, textOf(value));
  }
  return pairs;
}

/** The event's message, or undefined when the record is no such event. */
export function windowsEventJsonMessage(record: JsonObject): string | undefined {
  const event = record['Event'];
  const system = isJsonObject(event) ? event['System'] : undefined;
  if (!isJsonObject(event) || !isJsonObject(system)) return undefined;
  const eventId = textOf(system['EventID']);
  const provider = attributeOf(system['Provider'], 'Name');
  // Without its provider an ID names nothing: the summary of the fields says as much.
  if (eventId === undefined || provider === undefined) return undefined;
  const pairs = dataPairs(event['EventData'] ?? event['UserData']);
  return `${provider} event ${eventId}${pairs.length === 0 ? '' : `: ${pairs.join(', ').slice(0, 2000)}`}`;
}

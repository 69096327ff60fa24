/*
 * The records a JSON document wraps in an array at a records path ("logEvents",
 * "resourceLogs.*.scopeLogs.*.logRecords"), each given the fields of the objects around it that it
 * lacks: a CloudWatch Logs payload's logGroup and logStream, an OpenTelemetry request's resource
 * attributes (service.name, host.name), so that one of them can be the actor.
 */
import type { JsonValue } from './import-record.ts';
import { isJsonObject } from './json-lines.ts';

type JsonObject = { [key: string]: JsonValue };

/** The records at `recordsPath` ("*" for every element of an array on the way), or undefined when there is no such array. */
export function wrappedRecords(document: JsonValue, recordsPath: string): JsonValue[] | undefined {
  const arrays = arraysAt(document, recordsPath.split('.'), {});
  return arrays.length === 0 ? undefined : arrays.flat();
}

function arraysAt(value: JsonValue, keys: readonly string[], around: JsonObject): JsonValue[][] {
  const [key, ...rest] = keys;
  if (key === undefined) return Array.isArray(value) ? [value.map((record) => withFields(record, around))] : [];
  if (key === '*') return Array.isArray(value) ? value.flatMap((element) => arraysAt(element, rest, around)) : [];
  const inner = isJsonObject(value) ? value[key] : undefined;
  return inner === undefined || !isJsonObject(value) ? [] : arraysAt(inner, rest, { ...around, ...ownFields(value) });
}

/** An object's text, number and true/false fields, and an OTLP resource's attributes by their keys. */
function ownFields(value: JsonObject): JsonObject {
  const fields: JsonObject = {};
  for (const [key, field] of Object.entries(value))
    if (field !== null && typeof field !== 'object') fields[key] = field;
  const resource = value['resource'];
  const attributes = isJsonObject(resource) ? resource['attributes'] : undefined;
  if (Array.isArray(attributes))
    for (const attribute of attributes) {
      if (!isJsonObject(attribute) || typeof attribute['key'] !== 'string' || !isJsonObject(attribute['value']))
        continue;
      const text = attribute['value']['stringValue'];
      if (typeof text === 'string') fields[attribute['key']] = text;
    }
  return fields;
}

function withFields(record: JsonValue, around: JsonObject): JsonValue {
  if (!isJsonObject(record)) return record;
  const missing = Object.entries(around).filter(([key]) => !Object.hasOwn(record, key));
  return missing.length === 0 ? record : { ...record, ...Object.fromEntries(missing) };
}

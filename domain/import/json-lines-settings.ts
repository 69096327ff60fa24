/*
 * Settings of the `jsonl` format, which reads JSON records of any shape: one object per line, the
 * elements of one array in a document (`[…]`, `{"Records": […]}`), top-level values one after
 * another, or Kubernetes CRI log lines. The field mapping names dotted paths into each record.
 */
import { z } from 'zod';

const JSON_CONTAINERS = ['lines', 'array', 'values', 'cri', 'logfmt'] as const;
/**
 * lines: one JSON value per line (JSON Lines, NDJSON, journald, Docker json-file), or the records each line's
 *   document holds at `recordsPath`.
 * array: the elements of the array at `recordsPath` ('' for a top-level array, 'Records' for CloudTrail).
 * values: top-level values one after another, or one pretty-printed object.
 * cri: `<RFC 3339 time> <stream> <P|F> <message>` lines; a message that is a JSON object is read as one.
 * logfmt: key=value lines (logfmt-line.ts), each read as a record of string fields.
 */
export type JsonContainer = (typeof JSON_CONTAINERS)[number];

/** How a plain-number time reads; 'auto' tells seconds, ms, µs and ns apart by magnitude. */
export const JSON_NUMERIC_UNITS = ['auto', 'seconds', 'milliseconds', 'microseconds', 'nanoseconds'] as const;
export type JsonNumericUnit = (typeof JSON_NUMERIC_UNITS)[number];

const FieldPath = z.string().min(1).max(500);

const JsonFieldMappingSchema = z.strictObject({
  startTime: FieldPath,
  endTime: FieldPath.optional(),
  actor: FieldPath.optional(),
  message: FieldPath.optional(),
});
export type JsonFieldMapping = z.infer<typeof JsonFieldMappingSchema>;

export const JsonLinesSettingsSchema = z.strictObject({
  format: z.literal('jsonl'),
  fields: JsonFieldMappingSchema,
  numericUnit: z.enum(JSON_NUMERIC_UNITS),
  /** For times without an offset. */
  timeZone: z.string(),
  /** Absent: decided from the file's first characters (a preview's hand-made mapping sends none). */
  container: z.enum(JSON_CONTAINERS).optional(),
  /**
   * Dotted keys of the records' array ("*" for every element of an array on the way): for container 'array'
   * ('' or absent for a top-level array), and for 'lines' and 'values' whose documents each wrap their records
   * (an OTLP request per line: "resourceLogs.*.scopeLogs.*.logRecords"); absent, each line or value is a record.
   */
  recordsPath: z.string().max(500).optional(),
  /** Lines written by `docker compose logs`: each starts with its container's name and " | " (compose-prefix.ts). */
  linePrefix: z.literal('compose').optional(),
});
export type JsonLinesImportSettings = z.infer<typeof JsonLinesSettingsSchema>;
/** The settings without the format tag, as ImportSettings joins them. */
export type JsonLinesSettings = Omit<JsonLinesImportSettings, 'format'>;

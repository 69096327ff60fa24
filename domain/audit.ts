import { z } from 'zod';
import { lineText } from './text-rules.ts';
import { IdSchema } from './ids.ts';

export const AuditActionNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'is required' })
  .max(200, { error: 'is longer than 200 characters' })
  .regex(/^[\p{L}\p{N} _.:/-]+$/u, { error: 'may hold letters, digits, spaces and _ . : / - only' });

export const AuditActionBodySchema = z
  .object({
    organizationID: IdSchema.optional(),
    incidentID: IdSchema.optional(),
    eventID: IdSchema.optional(),
    streamID: IdSchema.optional(),
    mapID: IdSchema.optional(),
    /** Action-specific value; kept as given (JSON), at most 16 KB once serialized. */
    value: z.json().optional(),
    /** Set by the offline outbox so a replayed action is stored once. */
    clientID: z.uuid({ error: 'must be a UUID' }).optional(),
    /** When the analyst took the action (microseconds), if it was queued offline. */
    clientTimestamp: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .strict()
  .refine((body) => body.value === undefined || JSON.stringify(body.value).length <= 16_384, {
    error: 'is larger than 16 KB',
    path: ['value'],
  });
export type AuditActionBody = z.infer<typeof AuditActionBodySchema>;

export const AuditActionSchema = z.object({
  id: z.number().int(),
  actionName: z.string(),
  organizationID: z.number().int().nullable(),
  incidentID: z.number().int().nullable(),
  eventID: z.number().int().nullable(),
  streamID: z.number().int().nullable(),
  mapID: z.number().int().nullable(),
  value: z.json().nullable(),
  userID: z.number().int(),
  analystID: z.number().int(),
  analystName: z.string(),
  timestamp: z.number().int(),
  clientTimestamp: z.number().int().nullable(),
});
export type AuditAction = z.infer<typeof AuditActionSchema>;

export const DataAuditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  itemType: z.string(),
  itemID: z.number().int().nullable(),
  detail: z.json().nullable(),
  userID: z.number().int().nullable(),
  analystID: z.number().int().nullable(),
  analystName: z.string().nullable(),
  timestamp: z.number().int(),
});
export type DataAuditEntry = z.infer<typeof DataAuditEntrySchema>;

export const AuditQuerySchema = z.object({
  analystID: IdSchema.optional(),
  action: lineText().trim().min(1).max(200).optional(),
  itemType: lineText().trim().min(1).max(100).optional(),
  itemID: IdSchema.optional(),
  minTimestamp: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  maxTimestamp: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  /** Entries older than this id (the last id of the previous page). */
  before: IdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

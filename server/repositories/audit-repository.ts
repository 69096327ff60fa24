/*
 * Two logs: audit_actions holds what the UI reports (POST /api/audit/action/{name}); data_audit is
 * the server's own record of every write, written inside the transaction of the write it records.
 */
import type { Queryable } from '../db/database.ts';
import type { AuditActionBody, AuditQuery } from '../../domain/audit.ts';
import { nowMicros } from '../time.ts';

interface Attribution {
  userID: number;
  analystID: number | null;
}

export async function recordWrite(
  db: Queryable,
  who: Attribution | { userID: number | null; analystID: number | null },
  entry: { action: string; itemType: string; itemID: number | null; detail?: unknown },
): Promise<void> {
  await db.query(
    `INSERT INTO data_audit (action, item_type, item_id, detail, user_id, analyst_id, at_micros)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      entry.action,
      entry.itemType,
      entry.itemID,
      entry.detail === undefined ? null : JSON.stringify(entry.detail),
      who.userID,
      who.analystID,
      nowMicros(),
    ],
  );
}

interface AuditActionRow {
  id: number;
  action_name: string;
  organization_id: number | null;
  incident_id: number | null;
  event_id: number | null;
  stream_id: number | null;
  map_id: number | null;
  value: unknown;
  user_id: number;
  analyst_id: number;
  analyst_name: string | null;
  at_micros: number;
  client_micros: number | null;
}

/** Stores a UI action; a clientID the analyst sent before returns that row instead of a second one. */
export async function insertAuditAction(
  db: Queryable,
  who: { userID: number; analystID: number },
  actionName: string,
  body: AuditActionBody,
): Promise<{ id: number; created: boolean }> {
  const inserted = await db.query<{ id: number }>(
    `INSERT INTO audit_actions (client_id, action_name, organization_id, incident_id, event_id, stream_id, map_id,
                                value, user_id, analyst_id, at_micros, client_micros)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (analyst_id, client_id) DO NOTHING RETURNING id`,
    [
      body.clientID ?? null,
      actionName,
      body.organizationID ?? null,
      body.incidentID ?? null,
      body.eventID ?? null,
      body.streamID ?? null,
      body.mapID ?? null,
      body.value === undefined ? null : JSON.stringify(body.value),
      who.userID,
      who.analystID,
      nowMicros(),
      body.clientTimestamp ?? null,
    ],
  );
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const existing = await db.query<{ id: number }>(
    'SELECT id FROM audit_actions WHERE analyst_id = $1 AND client_id = $2',
    [who.analystID, body.clientID],
  );
  return { id: existing[0]!.id, created: false };
}

function filters(query: AuditQuery, columns: { name: string; itemType?: string; itemID?: string }) {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    where.push(clause.replace('?', `$${params.length}`));
  };
  if (query.analystID !== undefined) add('a.analyst_id = ?', query.analystID);
  if (query.action !== undefined) add(`a.${columns.name} = ?`, query.action);
  if (query.itemType !== undefined && columns.itemType) add(`a.${columns.itemType} = ?`, query.itemType);
  if (query.itemID !== undefined && columns.itemID) add(`a.${columns.itemID} = ?`, query.itemID);
  if (query.minTimestamp !== undefined) add('a.at_micros >= ?', query.minTimestamp);
  if (query.maxTimestamp !== undefined) add('a.at_micros <= ?', query.maxTimestamp);
  if (query.before !== undefined) add('a.id < ?', query.before);
  params.push(query.limit);
  return { where: where.length ? `WHERE ${where.join(' AND ')}` : '', params, limitParam: `$${params.length}` };
}

export async function listAuditActions(db: Queryable, query: AuditQuery): Promise<AuditActionRow[]> {
  const { where, params, limitParam } = filters(query, { name: 'action_name' });
  return db.query<AuditActionRow>(
    `SELECT a.*, an.name AS analyst_name FROM audit_actions a LEFT JOIN analysts an ON an.id = a.analyst_id
     ${where} ORDER BY a.id DESC LIMIT ${limitParam}`,
    params,
  );
}

interface DataAuditRow {
  id: number;
  action: string;
  item_type: string;
  item_id: number | null;
  detail: unknown;
  user_id: number | null;
  analyst_id: number | null;
  analyst_name: string | null;
  at_micros: number;
}

export async function listDataAudit(db: Queryable, query: AuditQuery): Promise<DataAuditRow[]> {
  const { where, params, limitParam } = filters(query, { name: 'action', itemType: 'item_type', itemID: 'item_id' });
  return db.query<DataAuditRow>(
    `SELECT a.*, an.name AS analyst_name FROM data_audit a LEFT JOIN analysts an ON an.id = a.analyst_id
     ${where} ORDER BY a.id DESC LIMIT ${limitParam}`,
    params,
  );
}

/*
 * Tags on events, streams and incidents: one row per tagged item and name. Colour and label flag
 * belong to the name, per incident for event and stream tags and per organization for incident
 * tags (tag_styles.incident_id = 0), so every incident of an organization shows its tags alike.
 */
import type { Queryable } from '../db/database.ts';
import type { TAG_ITEM_TYPES } from '../../domain/annotations.ts';
import { nowMicros } from '../time.ts';

export type TagItemType = (typeof TAG_ITEM_TYPES)[number];

/** The tagged item and where it lives. */
export interface TagTarget {
  itemType: TagItemType;
  itemId: number;
  incidentId: number;
  organizationId: number;
}

const TABLES = {
  event: { table: 'event_tags', column: 'event_id' },
  stream: { table: 'stream_tags', column: 'stream_id' },
  incident: { table: 'incident_tags', column: 'incident_id' },
} as const;

/** Tags the item; answers false when it carried the tag already (nothing is written then). */
export async function addTag(db: Queryable, target: TagTarget, name: string, analystId: number): Promise<boolean> {
  const rows =
    target.itemType === 'incident'
      ? await db.query(
          `INSERT INTO incident_tags (incident_id, organization_id, name, created_micros, analyst_id) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (incident_id, name) DO NOTHING RETURNING name`,
          [target.itemId, target.organizationId, name, nowMicros(), analystId],
        )
      : await db.query(
          `INSERT INTO ${TABLES[target.itemType].table} (${TABLES[target.itemType].column}, incident_id, name, created_micros, analyst_id)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT (${TABLES[target.itemType].column}, name) DO NOTHING RETURNING name`,
          [target.itemId, target.incidentId, name, nowMicros(), analystId],
        );
  return rows.length > 0;
}

/** Removes the tag; answers false when the item did not carry it. */
export async function removeTag(db: Queryable, target: TagTarget, name: string): Promise<boolean> {
  const { table, column } = TABLES[target.itemType];
  const rows = await db.query(`DELETE FROM ${table} WHERE ${column} = $1 AND name = $2 RETURNING name`, [
    target.itemId,
    name,
  ]);
  return rows.length > 0;
}

interface TagStyle {
  itemType: TagItemType;
  name: string;
  color: string;
  isLabel: boolean;
}

/** Sets what is given of a tag name's colour and label flag, keeping the rest. */
export async function setTagStyle(
  db: Queryable,
  where: { organizationId: number; incidentId: number },
  style: { itemType: TagItemType; name: string; color?: string | undefined; isLabel?: boolean | undefined },
  analystId: number,
): Promise<TagStyle> {
  const incidentId = style.itemType === 'incident' ? 0 : where.incidentId;
  const rows = await db.query<{ color: string; is_label: boolean }>(
    `INSERT INTO tag_styles (organization_id, incident_id, item_type, name, color, is_label, analyst_id)
     VALUES ($1, $2, $3, $4, coalesce($5::text, ''), coalesce($6::boolean, false), $7)
     ON CONFLICT (organization_id, incident_id, item_type, name)
     DO UPDATE SET color = coalesce($5::text, tag_styles.color), is_label = coalesce($6::boolean, tag_styles.is_label), analyst_id = $7
     RETURNING color, is_label`,
    [
      where.organizationId,
      incidentId,
      style.itemType,
      style.name,
      style.color ?? null,
      style.isLabel ?? null,
      analystId,
    ],
  );
  return { itemType: style.itemType, name: style.name, color: rows[0]!.color, isLabel: rows[0]!.is_label };
}

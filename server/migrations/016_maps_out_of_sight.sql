-- Issue 17: a map import that never stalls other users. Its points are written in short transactions
-- under a map that carries the import's id (imports, migration 010), which every read skips; one small
-- flip gives it its upload and clears the mark. A killed import's hidden map is swept at start with the
-- import (server/import/hidden-map.ts). The upload is made at the flip, so a hidden map has none yet.
-- NOTE: no ON DELETE action on import_id: an import's row must outlive its hidden map, never reveal it.
ALTER TABLE incident_maps ADD COLUMN import_id bigint REFERENCES imports (id);
ALTER TABLE incident_maps ALTER COLUMN upload_id DROP NOT NULL;
ALTER TABLE incident_maps ADD CONSTRAINT incident_maps_shown_have_upload CHECK (import_id IS NOT NULL OR upload_id IS NOT NULL);
CREATE INDEX incident_maps_import_idx ON incident_maps (import_id) WHERE import_id IS NOT NULL;

-- As migration 012 did for streams and actors: a hidden map names no incident to the payload triggers, so
-- writing or discarding it moves no change number (a refused file leaves the incident's row as it was);
-- the flip (import_id set to NULL) does.
DO $$
DECLARE
  found record;
  kind text;
BEGIN
  FOR found IN
    SELECT t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     WHERE NOT t.tgisinternal AND c.relname = 'incident_maps' AND t.tgname LIKE 'z\_payload\_changed\_%'
  LOOP
    kind := right(found.tgname, 1);
    EXECUTE format('DROP TRIGGER %I ON incident_maps', found.tgname);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER %s ON incident_maps REFERENCING %s TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION payload_rows_changed(%L)',
      found.tgname,
      CASE kind WHEN 'i' THEN 'INSERT' WHEN 'u' THEN 'UPDATE' ELSE 'DELETE' END,
      CASE kind WHEN 'd' THEN 'OLD' ELSE 'NEW' END,
      'CASE WHEN r.import_id IS NULL THEN r.incident_id END');
  END LOOP;
END $$;

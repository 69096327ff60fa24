-- The payload triggers of 009 fire after a table's own triggers: PostgreSQL fires the triggers of one
-- event in name order, and "payload_changed_…" came before "uploads_reclaim_blobs". Deleting an upload
-- then locked the incident's row before the blob's, while storing one locks the blob first and the
-- incident's row after: a delete and a store of the same content deadlocked. Renamed to sort last.
DO $$
DECLARE
  found record;
BEGIN
  FOR found IN
    SELECT t.tgname, c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     WHERE NOT t.tgisinternal AND t.tgname LIKE 'payload\_changed\_%'
  LOOP
    EXECUTE format('ALTER TRIGGER %I ON %I RENAME TO %I', found.tgname, found.relname, 'z_' || found.tgname);
  END LOOP;
END $$;

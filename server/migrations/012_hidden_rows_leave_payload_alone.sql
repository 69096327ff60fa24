-- An import's streams and actors are written out of sight (migration 010) and become visible in one
-- flip. Their payload triggers (009, renamed by 011) moved the incident's change and payload numbers as
-- each hidden row was written, and again when a refused or killed import's rows were discarded: every
-- open device then fetched the payload again for rows it could never see, and a refused file left the
-- incident's row changed. A hidden row now names no incident; the flip (import_id set to NULL) does.
DO $$
DECLARE
  spec text[];
  specs text[][] := ARRAY[
    ARRAY['1', 'streams'],
    ARRAY['2', 'incident_actors']
  ];
  kind text;
  timing text;
BEGIN
  FOREACH spec SLICE 1 IN ARRAY specs LOOP
    FOREACH kind IN ARRAY ARRAY['i', 'u', 'd'] LOOP
      timing := CASE kind WHEN 'i' THEN 'INSERT' WHEN 'u' THEN 'UPDATE' ELSE 'DELETE' END;
      EXECUTE format('DROP TRIGGER %I ON %I', 'z_payload_changed_' || spec[1] || '_' || kind, spec[2]);
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION payload_rows_changed(%L)',
        'z_payload_changed_' || spec[1] || '_' || kind, timing, spec[2],
        CASE kind WHEN 'd' THEN 'OLD' ELSE 'NEW' END,
        'CASE WHEN r.import_id IS NULL THEN r.incident_id END');
    END LOOP;
  END LOOP;
END $$;

-- What each imported row costs to write (issue 20 item 3), again: events_stamp_insert (migration 009) was a
-- BEFORE INSERT row trigger, and PostgreSQL's COPY inserts one row at a time, without its multi-insert
-- buffers, into a table with any BEFORE INSERT row trigger, whatever its WHEN: the import gives its rows'
-- change number itself, so for it the trigger cost only that (about 7% of the COPY's backend CPU,
-- bench/import-write-cost.ts). It is gone: every writer of an events row gives the row its change number
-- (incident_change_number(incident) in SQL, or the number the import took for its batch).
--
-- So that a writer that forgets fails at once instead of writing change 0, which delta sync would never
-- send: the column has no default any more (a row without a number is refused as a null), and the statement
-- check of an insert (events_check_references, as 021's; it checks updates too, not their numbers) refuses
-- a number below 1. Both hold for new rows only: rows written before migration 009 keep their 0 and may still be updated (a CHECK constraint, even
-- NOT VALID, would refuse any later update of such a row, a search rebuild's among them).
-- The update stamp (events_stamp_update) stays: updates are not the import's path.
DROP TRIGGER events_stamp_insert ON events;
ALTER TABLE events ALTER COLUMN change_seq DROP DEFAULT;

CREATE OR REPLACE FUNCTION events_check_references() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  incident_ids bigint[];
  stream_ids bigint[];
  actor_ids bigint[];
  unnumbered boolean;
BEGIN
  WITH named AS MATERIALIZED (
    SELECT incident_id, stream_id, actor_id, import_stream_id, CASE WHEN TG_OP = 'INSERT' THEN change_seq END AS change_seq
      FROM new_rows GROUP BY 1, 2, 3, 4, 5
  )
  SELECT array(SELECT DISTINCT incident_id FROM named),
         array(SELECT stream_id FROM named UNION SELECT import_stream_id FROM named WHERE import_stream_id IS NOT NULL),
         array(SELECT DISTINCT actor_id FROM named WHERE actor_id IS NOT NULL),
         EXISTS (SELECT 1 FROM named WHERE change_seq < 1)
    INTO incident_ids, stream_ids, actor_ids, unnumbered;
  IF unnumbered THEN
    RAISE EXCEPTION 'an event was written without its change number (incident_change_number)' USING ERRCODE = 'check_violation';
  END IF;
  IF (SELECT count(*) FROM (SELECT 1 FROM incidents i WHERE i.id = ANY (incident_ids) FOR KEY SHARE) x)
       <> cardinality(incident_ids)
     OR (SELECT count(*) FROM (SELECT 1 FROM streams s WHERE s.id = ANY (stream_ids) FOR KEY SHARE) x)
       <> cardinality(stream_ids)
     OR (SELECT count(*) FROM (SELECT 1 FROM incident_actors a WHERE a.id = ANY (actor_ids) FOR KEY SHARE) x)
       <> cardinality(actor_ids) THEN
    RAISE EXCEPTION 'an event names an incident, stream or actor that does not exist' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;

-- What each imported row costs to write (issue 20 item 3), again: events.import_stream_id (the stream that
-- brought a HAR page's marker) was a foreign key, and a foreign key is a row trigger, queued and fired for
-- every inserted row, NULL or not: about 7% of a COPY's backend CPU (bench/import-write-cost.ts). It is now
-- checked with the other references, once per statement (events_check_references, as 020's), and a deleted
-- stream's markers lose it as the key's ON DELETE SET NULL did (events_follow_deleted_streams).
ALTER TABLE events DROP CONSTRAINT events_import_stream_id_fkey;

CREATE OR REPLACE FUNCTION events_check_references() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  incident_ids bigint[];
  stream_ids bigint[];
  actor_ids bigint[];
BEGIN
  WITH named AS MATERIALIZED (SELECT incident_id, stream_id, actor_id, import_stream_id FROM new_rows GROUP BY 1, 2, 3, 4)
  SELECT array(SELECT DISTINCT incident_id FROM named),
         array(SELECT stream_id FROM named UNION SELECT import_stream_id FROM named WHERE import_stream_id IS NOT NULL),
         array(SELECT DISTINCT actor_id FROM named WHERE actor_id IS NOT NULL)
    INTO incident_ids, stream_ids, actor_ids;
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

CREATE OR REPLACE FUNCTION events_follow_deleted_streams() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  stream_ids bigint[];
BEGIN
  DELETE FROM events e USING gone g WHERE e.stream_id = g.id;
  SELECT array_agg(g.id) INTO stream_ids FROM gone g;
  -- Through the partial events_import_stream_idx: only markers an import brought name a stream here.
  UPDATE events e SET import_stream_id = NULL
   WHERE e.import_stream_id = ANY (stream_ids) AND e.import_stream_id IS NOT NULL;
  RETURN NULL;
END $$;

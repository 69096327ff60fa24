-- What each imported row costs to write (issue 20 item 3): the statement triggers on an insert into
-- events read the statement's rows (its transition table) many times over: the reference check six
-- times with three sorts for its count(DISTINCT …), the counts twice with a join to streams and
-- stream_generations and an incident look-up for every row. Each now reads the rows once, grouped by
-- hash into the few keys a batch names (an import's batch: one incident, a stream or two, its actors),
-- and does the rest on those groups. What they check and count is unchanged.

CREATE OR REPLACE FUNCTION events_check_references() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  incident_ids bigint[];
  stream_ids bigint[];
  actor_ids bigint[];
BEGIN
  WITH named AS MATERIALIZED (SELECT incident_id, stream_id, actor_id FROM new_rows GROUP BY 1, 2, 3)
  SELECT array(SELECT DISTINCT incident_id FROM named),
         array(SELECT DISTINCT stream_id FROM named),
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

-- As 014's: visible rows counted in event_counts, rows of a hidden stream or of a re-import's writing
-- generation in import_event_counts (added by the flip), rows of a gone incident nowhere.
CREATE OR REPLACE FUNCTION event_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH grouped AS MATERIALIZED (
    SELECT n.incident_id, n.stream_id, n.import_stream_id, n.generation, coalesce(n.actor_id, 0) AS actor_id, count(*) AS n
      FROM new_rows n GROUP BY 1, 2, 3, 4, 5
  ), placed AS MATERIALIZED (
    SELECT k.incident_id, k.stream_id, k.actor_id, k.n, coalesce(h.import_id, g.import_id, 0) AS import_id,
           h.id IS NOT NULL OR g.generation IS NOT NULL AS hidden
      FROM grouped k
      LEFT JOIN streams h ON h.id = coalesce(k.import_stream_id, k.stream_id) AND h.import_id IS NOT NULL
      LEFT JOIN stream_generations g ON g.generation = k.generation AND g.state = 'writing'
  ), visible AS (
    INSERT INTO event_counts (incident_id, stream_id, actor_id, event_count)
    SELECT p.incident_id, p.stream_id, p.actor_id, sum(p.n) FROM placed p
     WHERE NOT p.hidden AND EXISTS (SELECT 1 FROM incidents i WHERE i.id = p.incident_id)
     GROUP BY 1, 2, 3
    ON CONFLICT (incident_id, stream_id, actor_id)
    DO UPDATE SET event_count = event_counts.event_count + EXCLUDED.event_count
  )
  INSERT INTO import_event_counts (import_id, incident_id, stream_id, actor_id, event_count)
  SELECT p.import_id, p.incident_id, p.stream_id, p.actor_id, sum(p.n) FROM placed p WHERE p.hidden
   GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;

-- Issues 17 and 20: an import writes its rows out of sight in short transactions, and one small
-- UPDATE makes them visible (server/import/import-file.ts). While a stream's import_id is set, reads
-- skip the stream, its events and the markers it brought (import_stream_id), and the actors the
-- import created (server/repositories/hidden-imports.ts). A killed import's rows are swept at start.
-- Progress lives here too, so every server on one PostgreSQL answers a progress poll.

CREATE TABLE imports (
  id bigserial PRIMARY KEY,
  incident_id bigint NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  started_micros bigint NOT NULL,
  -- Touched every batch; with the importing process's connection tag (pg_stat_activity.application_name),
  -- a start-up sweep on PostgreSQL tells a killed server's import from another live server's.
  heartbeat_micros bigint NOT NULL,
  owner text NOT NULL DEFAULT ''
);

ALTER TABLE streams ADD COLUMN import_id bigint REFERENCES imports (id) ON DELETE SET NULL;
CREATE INDEX streams_hidden_idx ON streams (id) WHERE import_id IS NOT NULL;
ALTER TABLE incident_actors ADD COLUMN import_id bigint REFERENCES imports (id) ON DELETE SET NULL;

-- The counts of hidden rows, added to event_counts by the flip (a row per batch and actor, summed then).
CREATE TABLE import_event_counts (
  import_id bigint NOT NULL,
  incident_id bigint NOT NULL,
  stream_id bigint NOT NULL,
  actor_id bigint NOT NULL,
  event_count bigint NOT NULL
);
CREATE INDEX import_event_counts_import_idx ON import_event_counts (import_id);

-- Slack reply-thread keys of hidden events, made collections by the flip.
CREATE TABLE import_thread_keys (
  import_id bigint NOT NULL,
  event_id bigint NOT NULL,
  thread_key text NOT NULL
);
CREATE INDEX import_thread_keys_import_idx ON import_thread_keys (import_id);

CREATE TABLE import_progress (
  token text PRIMARY KEY,
  phase text NOT NULL CHECK (phase IN ('importing', 'finishing', 'done', 'failed')),
  bytes_read bigint NOT NULL,
  total_bytes bigint NOT NULL,
  valid_count bigint NOT NULL,
  invalid_count bigint NOT NULL,
  updated_micros bigint NOT NULL,
  ended_micros bigint
);

-- The count triggers of 002 leave hidden rows to import_event_counts (inserted) or alone (deleted).
CREATE OR REPLACE FUNCTION event_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_counts (incident_id, stream_id, actor_id, event_count)
  SELECT n.incident_id, n.stream_id, coalesce(n.actor_id, 0), count(*) FROM new_rows n
    LEFT JOIN streams h ON h.id = coalesce(n.import_stream_id, n.stream_id) AND h.import_id IS NOT NULL
   WHERE h.id IS NULL AND EXISTS (SELECT 1 FROM incidents i WHERE i.id = n.incident_id)
   GROUP BY 1, 2, 3
  ON CONFLICT (incident_id, stream_id, actor_id)
  DO UPDATE SET event_count = event_counts.event_count + EXCLUDED.event_count;
  INSERT INTO import_event_counts (import_id, incident_id, stream_id, actor_id, event_count)
  SELECT h.import_id, n.incident_id, n.stream_id, coalesce(n.actor_id, 0), count(*) FROM new_rows n
    JOIN streams h ON h.id = coalesce(n.import_stream_id, n.stream_id) AND h.import_id IS NOT NULL
   GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION event_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE event_counts c SET event_count = c.event_count - d.n
    FROM (SELECT o.incident_id, o.stream_id, coalesce(o.actor_id, 0) AS actor_id, count(*) AS n FROM old_rows o
            LEFT JOIN streams h ON h.id = coalesce(o.import_stream_id, o.stream_id) AND h.import_id IS NOT NULL
           WHERE h.id IS NULL GROUP BY 1, 2, 3) d
   WHERE c.incident_id = d.incident_id AND c.stream_id = d.stream_id AND c.actor_id = d.actor_id;
  RETURN NULL;
END $$;

-- The import's hot spot (bench/RESULTS.md "Where a server import spends its time"): the row-level
-- checks of events' three foreign keys, one lookup and key-share lock per row and key, took more than
-- half of a million-row import. They become one set-wise check per statement, and the deletions they
-- carried out become statement triggers.
ALTER TABLE events DROP CONSTRAINT events_incident_id_fkey;
ALTER TABLE events DROP CONSTRAINT events_stream_id_fkey;
ALTER TABLE events DROP CONSTRAINT events_actor_id_fkey;

-- Each incident, stream and actor the statement's rows name must exist, and is locked FOR KEY SHARE
-- (once, not once a row) so that a deletion running meanwhile waits for this transaction, then takes
-- its events along (the triggers below), as the foreign keys' cascades did.
CREATE FUNCTION events_check_references() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM (SELECT 1 FROM incidents i WHERE i.id IN (SELECT incident_id FROM new_rows) FOR KEY SHARE) x)
       <> (SELECT count(DISTINCT incident_id) FROM new_rows)
     OR (SELECT count(*) FROM (SELECT 1 FROM streams s WHERE s.id IN (SELECT stream_id FROM new_rows) FOR KEY SHARE) x)
       <> (SELECT count(DISTINCT stream_id) FROM new_rows)
     OR (SELECT count(*) FROM (SELECT 1 FROM incident_actors a WHERE a.id IN (SELECT actor_id FROM new_rows) FOR KEY SHARE) x)
       <> (SELECT count(DISTINCT actor_id) FROM new_rows) THEN
    RAISE EXCEPTION 'an event names an incident, stream or actor that does not exist' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER events_references_insert AFTER INSERT ON events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION events_check_references();
CREATE TRIGGER events_references_update AFTER UPDATE ON events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION events_check_references();

CREATE FUNCTION events_follow_deleted_streams() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM events e USING gone g WHERE e.stream_id = g.id;
  RETURN NULL;
END $$;
CREATE TRIGGER streams_delete_events AFTER DELETE ON streams
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION events_follow_deleted_streams();

CREATE FUNCTION events_follow_deleted_incidents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM events e USING gone g WHERE e.incident_id = g.id;
  RETURN NULL;
END $$;
CREATE TRIGGER incidents_delete_events AFTER DELETE ON incidents
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION events_follow_deleted_incidents();

CREATE FUNCTION events_follow_deleted_actors() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE events e SET actor_id = NULL FROM gone g WHERE e.actor_id = g.id;
  RETURN NULL;
END $$;
CREATE TRIGGER incident_actors_delete_events AFTER DELETE ON incident_actors
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION events_follow_deleted_actors();

-- The search GIN gathers new entries in a pending list and merges them in when it passes the limit
-- (4 MB by default): on PGlite that merge, inside one import batch, held every reader for many
-- seconds. About a batch's worth keeps each merge as short as a batch.
ALTER INDEX events_search_idx SET (gin_pending_list_limit = 1024);

-- Delta sync (009) and hidden rows: deleting an import's hidden events (a failed or killed import) leaves
-- no tombstone, since no device ever saw them.
CREATE OR REPLACE FUNCTION events_tombstones() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO incident_tombstones (incident_id, kind, item_id, seq)
  SELECT o.incident_id, 'event', o.id, n.seq
    FROM (SELECT g.* FROM gone_rows g
           WHERE NOT EXISTS (SELECT 1 FROM streams h WHERE h.import_id IS NOT NULL AND h.id IN (g.stream_id, coalesce(g.import_stream_id, 0)))) o
    JOIN (SELECT d.incident_id, incident_change_number(d.incident_id) AS seq
            FROM (SELECT DISTINCT g.incident_id FROM gone_rows g
                   WHERE NOT EXISTS (SELECT 1 FROM streams h WHERE h.import_id IS NOT NULL AND h.id IN (g.stream_id, coalesce(g.import_stream_id, 0)))) d) n
      ON n.incident_id = o.incident_id
   WHERE n.seq IS NOT NULL;
  RETURN NULL;
END $$;

-- Issue 17: a re-import whose flip is of constant size. A re-import writes the new file's rows straight
-- into the stream under a new generation (events.generation, from event_generation_seq, never 0) that
-- readers skip while it is 'writing' (server/repositories/hidden-imports.ts). The flip marks it
-- 'retiring': the stream's imported rows of any other generation are then skipped, and deleted in short
-- batches afterwards (server/import/reimport-cleanup.ts); the row goes when they are gone. Rows an
-- analyst made by hand (source_line NULL) belong to no file and are never retired.

CREATE SEQUENCE event_generation_seq;
ALTER TABLE events ADD COLUMN generation bigint NOT NULL DEFAULT 0;
-- The flip recounts the hand-made rows a re-import keeps; few, so found through a small index.
CREATE INDEX events_by_hand_idx ON events (stream_id) WHERE source_line IS NULL;

CREATE TABLE stream_generations (
  generation bigint PRIMARY KEY,
  stream_id bigint NOT NULL REFERENCES streams (id) ON DELETE CASCADE,
  -- The re-import writing it (its heartbeat tells a killed process's leftovers, hidden-import.ts).
  import_id bigint REFERENCES imports (id) ON DELETE SET NULL,
  state text NOT NULL CHECK (state IN ('writing', 'retiring')),
  -- The incident's change number when matching began: the flip re-matches only events changed since.
  matched_from_seq bigint NOT NULL DEFAULT 0
);
CREATE INDEX stream_generations_stream_idx ON stream_generations (stream_id);

-- Old event → its new event, found in short transactions before the flip; kept until the old rows are
-- deleted, so an annotation that reached an old event late still follows it.
CREATE TABLE reimport_matches (
  generation bigint NOT NULL,
  old_id bigint NOT NULL,
  new_id bigint NOT NULL,
  start_micros bigint NOT NULL,
  PRIMARY KEY (generation, old_id)
);
CREATE INDEX reimport_matches_start_idx ON reimport_matches (generation, start_micros);

-- Whether a row is out of sight by its generation: written by a running re-import, or retired by a flip.
CREATE FUNCTION event_generation_hidden(stream bigint, import_stream bigint, gen bigint, imported boolean)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM stream_generations g WHERE g.generation = gen AND g.state = 'writing')
      OR (imported
          AND EXISTS (SELECT 1 FROM stream_generations g WHERE g.state = 'retiring' AND g.stream_id IN (stream, coalesce(import_stream, 0)))
          AND NOT EXISTS (SELECT 1 FROM stream_generations g WHERE g.state = 'retiring' AND g.generation = gen))
$$;

-- The count triggers (010) also leave rows hidden by their generation to import_event_counts (inserted,
-- added by the flip) or alone (deleted: the flip took the retired rows' counts off at once).
CREATE OR REPLACE FUNCTION event_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_counts (incident_id, stream_id, actor_id, event_count)
  SELECT n.incident_id, n.stream_id, coalesce(n.actor_id, 0), count(*) FROM new_rows n
    LEFT JOIN streams h ON h.id = coalesce(n.import_stream_id, n.stream_id) AND h.import_id IS NOT NULL
    LEFT JOIN stream_generations g ON g.generation = n.generation AND g.state = 'writing'
   WHERE h.id IS NULL AND g.generation IS NULL AND EXISTS (SELECT 1 FROM incidents i WHERE i.id = n.incident_id)
   GROUP BY 1, 2, 3
  ON CONFLICT (incident_id, stream_id, actor_id)
  DO UPDATE SET event_count = event_counts.event_count + EXCLUDED.event_count;
  INSERT INTO import_event_counts (import_id, incident_id, stream_id, actor_id, event_count)
  SELECT coalesce(h.import_id, g.import_id, 0), n.incident_id, n.stream_id, coalesce(n.actor_id, 0), count(*) FROM new_rows n
    LEFT JOIN streams h ON h.id = coalesce(n.import_stream_id, n.stream_id) AND h.import_id IS NOT NULL
    LEFT JOIN stream_generations g ON g.generation = n.generation AND g.state = 'writing'
   WHERE h.id IS NOT NULL OR g.generation IS NOT NULL
   GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION event_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  generations boolean := EXISTS (SELECT 1 FROM stream_generations);
BEGIN
  UPDATE event_counts c SET event_count = c.event_count - d.n
    FROM (SELECT o.incident_id, o.stream_id, coalesce(o.actor_id, 0) AS actor_id, count(*) AS n FROM old_rows o
            LEFT JOIN streams h ON h.id = coalesce(o.import_stream_id, o.stream_id) AND h.import_id IS NOT NULL
           WHERE h.id IS NULL
             AND NOT (generations AND event_generation_hidden(o.stream_id, o.import_stream_id, o.generation, o.source_line IS NOT NULL))
           GROUP BY 1, 2, 3) d
   WHERE c.incident_id = d.incident_id AND c.stream_id = d.stream_id AND c.actor_id = d.actor_id;
  RETURN NULL;
END $$;

-- Rows no device ever saw (a running import's or re-import's) or already told to drop (retired: the flip
-- moved the incident's change floor, so every device syncs it afresh) leave no tombstone.
CREATE OR REPLACE FUNCTION events_tombstones() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  generations boolean := EXISTS (SELECT 1 FROM stream_generations);
BEGIN
  INSERT INTO incident_tombstones (incident_id, kind, item_id, seq)
  SELECT o.incident_id, 'event', o.id, n.seq
    FROM (SELECT g.* FROM gone_rows g
           WHERE NOT EXISTS (SELECT 1 FROM streams h WHERE h.import_id IS NOT NULL AND h.id IN (g.stream_id, coalesce(g.import_stream_id, 0)))
             AND NOT (generations AND event_generation_hidden(g.stream_id, g.import_stream_id, g.generation, g.source_line IS NOT NULL))) o
    JOIN (SELECT d.incident_id, incident_change_number(d.incident_id) AS seq
            FROM (SELECT DISTINCT g.incident_id FROM gone_rows g
                   WHERE NOT EXISTS (SELECT 1 FROM streams h WHERE h.import_id IS NOT NULL AND h.id IN (g.stream_id, coalesce(g.import_stream_id, 0)))
                     AND NOT (generations AND event_generation_hidden(g.stream_id, g.import_stream_id, g.generation, g.source_line IS NOT NULL))) d) n
      ON n.incident_id = o.incident_id
   WHERE n.seq IS NOT NULL;
  RETURN NULL;
END $$;

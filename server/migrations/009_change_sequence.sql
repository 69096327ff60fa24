-- Issue 20, delta sync: a per-incident change sequence. A device that holds an incident up to change N
-- asks for what changed since N (GET /api/incident/{id}/changes) instead of fetching every event again.
--
-- How numbers are taken: the first change of a transaction to an incident bumps incidents.change_seq
-- (incident_change_number), and every row that transaction touches in the incident carries that one
-- number. The UPDATE holds the incident's row lock until commit, so writers of one incident take turns
-- (they already did under migration 007's revision bump), numbers commit in order, and a number is seen
-- only together with every row stamped with it. A reader that reads change_seq = M first and then the
-- rows with seq in (N, M] can therefore never miss a change: anything committed later carries a number
-- above M. A transaction-id watermark would avoid the lock but needs the snapshot's xmin arithmetic on
-- every read and still leaves a window for long transactions; the lock is simpler and already paid.
-- The number is remembered in a transaction-local setting, so a million-row UPDATE asks once per row
-- only for a setting, and an import stamps its rows itself (change_seq given, the trigger skipped).
--
-- Deleted events leave tombstones; other things a device mirrors (streams, actors, notes, links, tags,
-- collections, uploads, maps, related incidents, the incident's name) move payload_seq, and the device
-- fetches the payload again. change_epoch is random: a database rebuilt from scratch never answers a
-- device's old N as if it knew it. Tombstones older than a few days are compacted at start; change_floor
-- says up to which number they are gone (a device behind it syncs in full). events_revision, which
-- migration 007 made a random value per event change, becomes "epoch:seq" of this sequence.

ALTER TABLE incidents
  ADD COLUMN change_seq bigint NOT NULL DEFAULT 0,
  ADD COLUMN change_epoch uuid NOT NULL DEFAULT gen_random_uuid(),
  ADD COLUMN change_floor bigint NOT NULL DEFAULT 0,
  ADD COLUMN payload_seq bigint NOT NULL DEFAULT 0;

DROP TRIGGER events_revision_insert ON events;
DROP TRIGGER events_revision_delete ON events;
DROP TRIGGER events_revision_update ON events;
DROP FUNCTION events_revision_bump();
DROP FUNCTION events_revision_bump_changed();
ALTER TABLE incidents DROP COLUMN events_revision;
ALTER TABLE incidents ADD COLUMN events_revision text GENERATED ALWAYS AS (change_epoch::text || ':' || change_seq::text) STORED;

ALTER TABLE events ADD COLUMN change_seq bigint NOT NULL DEFAULT 0;
CREATE INDEX events_incident_change_idx ON events (incident_id, change_seq);

CREATE TABLE incident_tombstones (
  incident_id bigint NOT NULL,
  kind text NOT NULL,
  item_id bigint NOT NULL,
  seq bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (incident_id, seq, kind, item_id)
);

-- This transaction's change number for the incident (NULL when the incident is gone, as in a cascade).
CREATE FUNCTION incident_change_number(incident bigint) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  held text := current_setting('churchkey.change_' || incident, true);
  taken bigint;
BEGIN
  IF held IS NOT NULL AND held <> '' THEN RETURN held::bigint; END IF;
  UPDATE incidents SET change_seq = change_seq + 1 WHERE id = incident RETURNING change_seq INTO taken;
  IF taken IS NOT NULL THEN PERFORM set_config('churchkey.change_' || incident, taken::text, true); END IF;
  RETURN taken;
END $$;

CREATE FUNCTION events_stamp_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_seq := coalesce(incident_change_number(NEW.incident_id), 0);
  RETURN NEW;
END $$;

CREATE TRIGGER events_stamp_insert BEFORE INSERT ON events FOR EACH ROW WHEN (NEW.change_seq = 0)
  EXECUTE FUNCTION events_stamp_change();
-- Only what a device reads counts: an actor rename rewrites search data, which no device holds.
CREATE TRIGGER events_stamp_update BEFORE UPDATE ON events FOR EACH ROW
  WHEN (NEW.change_seq = OLD.change_seq
        AND (NEW.incident_id, NEW.stream_id, NEW.actor_id, NEW.is_marker, NEW.message, NEW.start_micros, NEW.end_micros, NEW.extra)
            IS DISTINCT FROM (OLD.incident_id, OLD.stream_id, OLD.actor_id, OLD.is_marker, OLD.message, OLD.start_micros, OLD.end_micros, OLD.extra))
  EXECUTE FUNCTION events_stamp_change();

CREATE FUNCTION events_tombstones() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO incident_tombstones (incident_id, kind, item_id, seq)
  SELECT o.incident_id, 'event', o.id, n.seq
    FROM gone_rows o
    JOIN (SELECT d.incident_id, incident_change_number(d.incident_id) AS seq FROM (SELECT DISTINCT incident_id FROM gone_rows) d) n
      ON n.incident_id = o.incident_id
   WHERE n.seq IS NOT NULL;
  RETURN NULL;
END $$;

CREATE TRIGGER events_tombstones AFTER DELETE ON events
  REFERENCING OLD TABLE AS gone_rows FOR EACH STATEMENT EXECUTE FUNCTION events_tombstones();

-- Something of the incident's payload changed: its next number becomes the payload's.
CREATE FUNCTION incident_payload_changed(incidents_changed bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  incident bigint;
  taken bigint;
BEGIN
  FOREACH incident IN ARRAY coalesce(incidents_changed, '{}'::bigint[]) LOOP
    taken := incident_change_number(incident);
    IF taken IS NOT NULL THEN
      UPDATE incidents SET payload_seq = taken WHERE id = incident AND payload_seq <> taken;
    END IF;
  END LOOP;
END $$;

-- TG_ARGV[0]: the expression naming the incident of a row of changed_rows.
CREATE FUNCTION payload_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  found bigint[];
BEGIN
  EXECUTE format('SELECT array_agg(DISTINCT x) FROM (SELECT %s AS x FROM changed_rows r) s WHERE x IS NOT NULL AND x > 0', TG_ARGV[0]) INTO found;
  PERFORM incident_payload_changed(found);
  RETURN NULL;
END $$;

DO $$
DECLARE
  spec text[];
  specs text[][] := ARRAY[
    ARRAY['streams', 'r.incident_id'],
    ARRAY['incident_actors', 'r.incident_id'],
    ARRAY['uploads', 'r.incident_id'],
    ARRAY['collections', 'r.incident_id'],
    ARRAY['collection_events', '(SELECT c.incident_id FROM collections c WHERE c.id = r.collection_id)'],
    ARRAY['event_tags', 'r.incident_id'],
    ARRAY['stream_tags', 'r.incident_id'],
    ARRAY['incident_tags', 'r.incident_id'],
    ARRAY['tag_styles', 'r.incident_id'],
    ARRAY['notes', 'r.incident_id'],
    ARRAY['links', 'r.incident_id'],
    ARRAY['related_incidents', 'r.incident_id'],
    ARRAY['related_incidents', 'r.related_incident_id'],
    ARRAY['incident_maps', 'r.incident_id']
  ];
  n int := 0;
BEGIN
  FOREACH spec SLICE 1 IN ARRAY specs LOOP
    n := n + 1;
    EXECUTE format('CREATE TRIGGER payload_changed_%s_i AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION payload_rows_changed(%L)', n, spec[1], spec[2]);
    EXECUTE format('CREATE TRIGGER payload_changed_%s_u AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION payload_rows_changed(%L)', n, spec[1], spec[2]);
    EXECUTE format('CREATE TRIGGER payload_changed_%s_d AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION payload_rows_changed(%L)', n, spec[1], spec[2]);
  END LOOP;
END $$;

-- The incident's own name and description are in the payload too; its counter columns are not.
CREATE FUNCTION incident_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  held text := current_setting('churchkey.change_' || NEW.id, true);
BEGIN
  IF held IS NOT NULL AND held <> '' THEN
    NEW.payload_seq := held::bigint;
  ELSE
    NEW.change_seq := OLD.change_seq + 1;
    NEW.payload_seq := NEW.change_seq;
    PERFORM set_config('churchkey.change_' || NEW.id, NEW.change_seq::text, true);
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER incident_row_changed BEFORE UPDATE ON incidents FOR EACH ROW
  WHEN ((NEW.name, NEW.description) IS DISTINCT FROM (OLD.name, OLD.description))
  EXECUTE FUNCTION incident_row_changed();

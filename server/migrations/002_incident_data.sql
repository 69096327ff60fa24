-- Organizations, incidents and their evidence (streams, actors, events) and annotations (spec
-- section 3). Timestamps are bigint microseconds since the Unix epoch, UTC. Every annotation row
-- names the analyst who made it. Deleting an incident deletes everything in it.

CREATE TABLE organizations (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_micros bigint NOT NULL,
  analyst_id bigint
);

-- The walls between teams: an analyst reads and writes only their organizations (admins: all).
CREATE TABLE organization_members (
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  analyst_id bigint NOT NULL REFERENCES analysts (id) ON DELETE CASCADE,
  created_micros bigint NOT NULL,
  PRIMARY KEY (organization_id, analyst_id)
);
CREATE INDEX organization_members_analyst_idx ON organization_members (analyst_id);

CREATE TABLE incidents (
  id bigserial PRIMARY KEY,
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_micros bigint NOT NULL,
  analyst_id bigint
);
CREATE INDEX incidents_organization_idx ON incidents (organization_id);

CREATE TABLE organization_actors (
  id bigserial PRIMARY KEY,
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  display_name text NOT NULL,
  start_date text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  is_bot boolean NOT NULL DEFAULT false,
  created_micros bigint NOT NULL,
  analyst_id bigint,
  UNIQUE (organization_id, display_name)
);

CREATE TABLE incident_actors (
  id bigserial PRIMARY KEY,
  incident_id bigint NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  name text NOT NULL,
  is_bot boolean NOT NULL DEFAULT false,
  organization_actor_id bigint REFERENCES organization_actors (id) ON DELETE SET NULL,
  created_micros bigint NOT NULL,
  UNIQUE (incident_id, name)
);

-- Uploaded files, whole and unchanged, stored once per content (sha256) in chunks.
CREATE TABLE blobs (
  sha256 text PRIMARY KEY,
  size_bytes bigint NOT NULL,
  created_micros bigint NOT NULL
);
CREATE TABLE blob_chunks (
  sha256 text NOT NULL REFERENCES blobs (sha256) ON DELETE CASCADE,
  chunk_index integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (sha256, chunk_index)
);

CREATE TABLE streams (
  id bigserial PRIMARY KEY,
  incident_id bigint NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  name text NOT NULL,
  is_marker_stream boolean NOT NULL DEFAULT false,
  import_format text,
  clock_offset_micros bigint NOT NULL DEFAULT 0,
  created_micros bigint NOT NULL,
  analyst_id bigint
);
CREATE INDEX streams_incident_idx ON streams (incident_id);
CREATE UNIQUE INDEX streams_one_marker_stream ON streams (incident_id) WHERE is_marker_stream;

CREATE TABLE events (
  id bigserial PRIMARY KEY,
  incident_id bigint NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  stream_id bigint NOT NULL REFERENCES streams (id) ON DELETE CASCADE,
  actor_id bigint REFERENCES incident_actors (id) ON DELETE SET NULL,
  is_marker boolean NOT NULL DEFAULT false,
  message text NOT NULL,
  start_micros bigint NOT NULL,
  end_micros bigint NOT NULL,
  -- what an importer kept beside the mapped columns (other columns, HAR timings)
  extra jsonb,
  source_line integer,
  analyst_id bigint,
  created_micros bigint NOT NULL,
  search_vector tsvector,
  CHECK (end_micros >= start_micros)
);
CREATE INDEX events_incident_time_idx ON events (incident_id, start_micros, id);
CREATE INDEX events_incident_end_idx ON events (incident_id, end_micros);
CREATE INDEX events_stream_idx ON events (stream_id, start_micros);
CREATE INDEX events_actor_idx ON events (actor_id);
CREATE INDEX events_search_idx ON events USING gin (search_vector);

CREATE TABLE uploads (
  id bigserial PRIMARY KEY,
  incident_id bigint NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  sha256 text NOT NULL REFERENCES blobs (sha256),
  file_name text NOT NULL,
  media_type text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('audio', 'har', 'image', 'pdf', 'text', 'video')),
  size_bytes bigint NOT NULL,
  event_id bigint REFERENCES events (id) ON DELETE CASCADE,
  attachment_kind text CHECK (attachment_kind IN ('event_message', 'attachment')),
  stream_id bigint REFERENCES streams (id) ON DELETE SET NULL,
  -- the source file of an import (a stream's system upload), kept so the stream can be re-derived
  is_system boolean NOT NULL DEFAULT false,
  created_micros bigint NOT NULL,
  analyst_id bigint,
  CHECK ((event_id IS NULL) = (attachment_kind IS NULL))
);
CREATE INDEX uploads_incident_idx ON uploads (incident_id);
CREATE INDEX uploads_event_idx ON uploads (event_id);

CREATE TABLE collections (
  id bigserial PRIMARY KEY,
  incident_id bigint NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  name text NOT NULL,
  is_analyst boolean NOT NULL DEFAULT true,
  is_thread boolean NOT NULL DEFAULT false,
  thread_event_id bigint UNIQUE REFERENCES events (id) ON DELETE CASCADE,
  created_micros bigint NOT NULL,
  analyst_id bigint,
  CHECK (is_thread = (thread_event_id IS NOT NULL))
);
CREATE INDEX collections_incident_idx ON collections (incident_id);

CREATE TABLE collection_events (
  collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  event_id bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  created_micros bigint NOT NULL,
  analyst_id bigint,
  PRIMARY KEY (collection_id, event_id)
);
CREATE INDEX collection_events_event_idx ON collection_events (event_id);

-- Tags: one row per tagged item; colour and label flag per tag name and item type in an incident
-- (event and stream tags) or an organization (incident tags).
CREATE TABLE event_tags (
  event_id bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  incident_id bigint NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  name text NOT NULL,
  created_micros bigint NOT NULL,
  analyst_id bigint,
  PRIMARY KEY (event_id, name)
);
CREATE INDEX event_tags_incident_idx ON event_tags (incident_id, name);

CREATE TABLE stream_tags (
  stream_id bigint NOT NULL REFERENCES streams (id) ON DELETE CASCADE,
  incident_id bigint NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  name text NOT NULL,
  created_micros bigint NOT NULL,
  analyst_id bigint,
  PRIMARY KEY (stream_id, name)
);

CREATE TABLE incident_tags (
  incident_id bigint NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL,
  created_micros bigint NOT NULL,
  analyst_id bigint,
  PRIMARY KEY (incident_id, name)
);
CREATE INDEX incident_tags_organization_idx ON incident_tags (organization_id, name);

CREATE TABLE tag_styles (
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  -- 0 for incident tags, which belong to the organization
  incident_id bigint NOT NULL DEFAULT 0,
  item_type text NOT NULL CHECK (item_type IN ('event', 'stream', 'incident')),
  name text NOT NULL,
  color text NOT NULL DEFAULT '',
  is_label boolean NOT NULL DEFAULT false,
  analyst_id bigint,
  PRIMARY KEY (organization_id, incident_id, item_type, name)
);

CREATE TABLE notes (
  id bigserial PRIMARY KEY,
  incident_id bigint NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  event_id bigint REFERENCES events (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('interview', 'intra-incident chat', 'intra-incident call', 'group review', 'write-up', 'document', 'other')),
  body text NOT NULL,
  created_micros bigint NOT NULL,
  updated_micros bigint NOT NULL,
  analyst_id bigint
);
CREATE INDEX notes_incident_idx ON notes (incident_id);
CREATE INDEX notes_event_idx ON notes (event_id);

CREATE TABLE links (
  id bigserial PRIMARY KEY,
  incident_id bigint NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  event_id bigint REFERENCES events (id) ON DELETE CASCADE,
  stream_id bigint REFERENCES streams (id) ON DELETE CASCADE,
  url text NOT NULL CHECK (url ~* '^https?://'),
  url_type text NOT NULL CHECK (url_type IN ('churchkey', 'source', 'embed', 'gerrit', 'grafana', 'phabricator', 'sal', 'wikitech', 'other')),
  title text NOT NULL DEFAULT '',
  created_micros bigint NOT NULL,
  analyst_id bigint
);
CREATE INDEX links_incident_idx ON links (incident_id);

CREATE TABLE related_incidents (
  incident_id bigint NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  related_incident_id bigint NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  note text NOT NULL DEFAULT '',
  created_micros bigint NOT NULL,
  analyst_id bigint,
  PRIMARY KEY (incident_id, related_incident_id),
  CHECK (incident_id <> related_incident_id)
);
-- A relation is one row whichever way round it was made.
CREATE UNIQUE INDEX related_incidents_pair_idx
  ON related_incidents (least(incident_id, related_incident_id), greatest(incident_id, related_incident_id));

-- Event counts per incident, stream and actor (0: none), kept by statement-level triggers so an
-- incident's counts cost a few rows to read at a million events, and a bulk import updates them once.
CREATE TABLE event_counts (
  incident_id bigint NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  stream_id bigint NOT NULL,
  actor_id bigint NOT NULL,
  event_count bigint NOT NULL,
  PRIMARY KEY (incident_id, stream_id, actor_id)
);

CREATE FUNCTION event_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_counts (incident_id, stream_id, actor_id, event_count)
  SELECT n.incident_id, n.stream_id, coalesce(n.actor_id, 0), count(*) FROM new_rows n
   WHERE EXISTS (SELECT 1 FROM incidents i WHERE i.id = n.incident_id)
   GROUP BY 1, 2, 3
  ON CONFLICT (incident_id, stream_id, actor_id)
  DO UPDATE SET event_count = event_counts.event_count + EXCLUDED.event_count;
  RETURN NULL;
END $$;

CREATE FUNCTION event_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE event_counts c SET event_count = c.event_count - d.n
    FROM (SELECT incident_id, stream_id, coalesce(actor_id, 0) AS actor_id, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) d
   WHERE c.incident_id = d.incident_id AND c.stream_id = d.stream_id AND c.actor_id = d.actor_id;
  RETURN NULL;
END $$;

CREATE FUNCTION event_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE event_counts c SET event_count = c.event_count - d.n
    FROM (SELECT incident_id, stream_id, coalesce(actor_id, 0) AS actor_id, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) d
   WHERE c.incident_id = d.incident_id AND c.stream_id = d.stream_id AND c.actor_id = d.actor_id;
  INSERT INTO event_counts (incident_id, stream_id, actor_id, event_count)
  SELECT n.incident_id, n.stream_id, coalesce(n.actor_id, 0), count(*) FROM new_rows n
   WHERE EXISTS (SELECT 1 FROM incidents i WHERE i.id = n.incident_id)
   GROUP BY 1, 2, 3
  ON CONFLICT (incident_id, stream_id, actor_id)
  DO UPDATE SET event_count = event_counts.event_count + EXCLUDED.event_count;
  RETURN NULL;
END $$;

CREATE TRIGGER events_count_insert AFTER INSERT ON events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION event_counts_add();
CREATE TRIGGER events_count_delete AFTER DELETE ON events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION event_counts_remove();
CREATE TRIGGER events_count_update AFTER UPDATE ON events
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION event_counts_move();

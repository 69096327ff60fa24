-- Search data after the flip (issue 20 item 3): a large import's rows become visible without their
-- search vector (NULL), and each import leaves here the range of event ids whose vectors are still to
-- compute. A background task (server/import/search-preparer.ts) fills them in short batches, moving
-- next_event_id on; the row goes when the range is done. It is committed with the flip, so a crash
-- leaves it here and the next start resumes it. Searches read it to say how far preparation is.
CREATE TABLE search_backlog (
  id bigserial PRIMARY KEY,
  incident_id bigint NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  stream_ids bigint[] NOT NULL,
  first_event_id bigint NOT NULL,
  last_event_id bigint NOT NULL,
  next_event_id bigint NOT NULL,
  event_count bigint NOT NULL,
  prepared_count bigint NOT NULL DEFAULT 0,
  created_micros bigint NOT NULL
);
CREATE INDEX search_backlog_incident_idx ON search_backlog (incident_id);

-- Where a large import's search vectors should live (issue 20 item 3): the events column filled by UPDATE,
-- or a table of its own with the GIN. Run on a scratch PostgreSQL database: psql -f bench/search-vector-placement.sql
\timing on
DROP TABLE IF EXISTS sx_events, sx_search;
CREATE TABLE sx_events (id bigint PRIMARY KEY, incident_id bigint NOT NULL, stream_id bigint NOT NULL, actor_id bigint,
  is_marker boolean NOT NULL, message text NOT NULL, start_micros bigint NOT NULL, end_micros bigint NOT NULL, extra jsonb,
  source_line integer, import_stream_id bigint, analyst_id bigint, created_micros bigint NOT NULL, search_vector tsvector, change_seq bigint NOT NULL);
CREATE INDEX ON sx_events (incident_id, start_micros, id);
CREATE INDEX ON sx_events (incident_id, end_micros);
CREATE INDEX ON sx_events (stream_id, start_micros);
CREATE INDEX ON sx_events (actor_id);
CREATE INDEX ON sx_events USING gin (search_vector) WITH (gin_pending_list_limit = 1024);
CREATE INDEX ON sx_events (import_stream_id) WHERE import_stream_id IS NOT NULL;
CREATE INDEX ON sx_events (incident_id, change_seq);
INSERT INTO sx_events (id, incident_id, stream_id, actor_id, is_marker, message, start_micros, end_micros, created_micros, change_seq)
SELECT g, 1 + g % 3, 1 + g % 5, 1 + g % 57, false,
       'GET /api/orders/' || g || ' answered ' || (200 + g % 300) || ' after ' || (g % 977) || ' ms for tenant ' || md5(g::text) || ' behind pgbouncer',
       g * 1000, g * 1000, 0, 1
  FROM generate_series(1, 200000) g;
VACUUM ANALYZE sx_events;
-- A: the column, filled by UPDATE (a second write of each row: heap, seven b-trees, the GIN)
UPDATE sx_events SET search_vector = setweight(to_tsvector('english', message), 'A');
-- B: a table of its own with the GIN (one small row and one GIN entry set per event)
CREATE TABLE sx_search (event_id bigint PRIMARY KEY, vector tsvector NOT NULL);
CREATE INDEX sx_search_gin ON sx_search USING gin (vector) WITH (gin_pending_list_limit = 1024);
INSERT INTO sx_search SELECT id, setweight(to_tsvector('english', message), 'A') FROM sx_events;
ANALYZE sx_events; ANALYZE sx_search;
-- search: a word in 1 row of 977, and one in every row
SELECT count(*) FROM sx_events WHERE search_vector @@ websearch_to_tsquery('english', 'answered 211');
SELECT count(*) FROM sx_search s JOIN sx_events e ON e.id = s.event_id WHERE s.vector @@ websearch_to_tsquery('english', 'answered 211');
SELECT count(*) FROM sx_events WHERE search_vector @@ websearch_to_tsquery('english', '977');
SELECT count(*) FROM sx_search s JOIN sx_events e ON e.id = s.event_id WHERE s.vector @@ websearch_to_tsquery('english', '977');
SELECT count(*) FROM sx_events WHERE search_vector @@ websearch_to_tsquery('english', 'pgbouncer');
SELECT count(*) FROM sx_search s JOIN sx_events e ON e.id = s.event_id WHERE s.vector @@ websearch_to_tsquery('english', 'pgbouncer');
DROP TABLE sx_events, sx_search;

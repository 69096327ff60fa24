-- After a large import into one incident, ANALYZE saw a single incident in events (or one holding
-- nearly every row) and so judged that "incident_id = the incident being read" matches the whole
-- table: the summary's first and last event of every other incident became a scan of all events
-- (10 s on PGlite at a million rows, for an empty incident). The planner is told instead to reckon
-- with many incidents, as a deployment has; the large incident's own share still comes from the
-- sampled most common values. Each ANALYZE (the import's closing one, autovacuum) applies it.
ALTER TABLE events ALTER COLUMN incident_id SET (n_distinct = 1000);
ALTER TABLE events ALTER COLUMN stream_id SET (n_distinct = 1000);

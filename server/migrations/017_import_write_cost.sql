-- What each imported row costs to write (issue 20 item 3).
-- The search GIN took an entry for every row, NULL included: a large import's rows go in without search
-- data (015), so each of them put a NULL entry through the pending list and its merges, which no search
-- reads. Searches ask `search_vector @@ query`, a strict operator, so the planner proves they match only
-- rows with search data and still uses the partial index (tests/server/search-plan.test.ts checks it).
DROP INDEX events_search_idx;
CREATE INDEX events_search_idx ON events USING gin (search_vector) WITH (gin_pending_list_limit = 1024)
  WHERE search_vector IS NOT NULL;

-- Kept files (blob chunks) compress with lz4 where the server has it (PostgreSQL built with it; PGlite is
-- not): several times faster than pglz for the same size on log text, and read back faster.
DO $$
BEGIN
  ALTER TABLE blob_chunks ALTER COLUMN data SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
  NULL;
END $$;

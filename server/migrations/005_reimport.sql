-- Re-importing an updated file into an existing stream (issue 5 part 6, domain/import/merge-outcome.ts).
-- An import puts HAR pages in the incident's marker stream; import_stream_id names the stream whose
-- import made such a marker, so a re-import of that stream knows which markers are its own.
ALTER TABLE events ADD COLUMN import_stream_id bigint REFERENCES streams (id) ON DELETE SET NULL;
CREATE INDEX events_import_stream_idx ON events (import_stream_id) WHERE import_stream_id IS NOT NULL;

-- The system upload a stream derives from now; older ones stay kept (uploads are never thrown away).
ALTER TABLE streams ADD COLUMN source_upload_id bigint REFERENCES uploads (id) ON DELETE SET NULL;
UPDATE streams s SET source_upload_id = (SELECT max(u.id) FROM uploads u WHERE u.stream_id = s.id AND u.is_system);

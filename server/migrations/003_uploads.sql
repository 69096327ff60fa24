-- A blob lives while an upload refers to it. Uploads go away by DELETE /api/upload/{id} and by the
-- cascades from incidents, events and organizations; one trigger reclaims the blobs (and, by
-- cascade, their chunks) of all of them, in the transaction of the delete.
--
-- NOTE: the blobs are locked first, in a fixed order, and the check runs as a later statement, so it
-- sees an upload a concurrent store committed while we waited (that store holds FOR SHARE on the
-- blob until it commits) and keeps the blob instead of failing on the foreign key.
CREATE FUNCTION uploads_reclaim_blobs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM blobs b WHERE b.sha256 IN (SELECT DISTINCT o.sha256 FROM old_rows o) ORDER BY b.sha256 FOR UPDATE;
  DELETE FROM blobs b
   WHERE b.sha256 IN (SELECT DISTINCT o.sha256 FROM old_rows o)
     AND NOT EXISTS (SELECT 1 FROM uploads u WHERE u.sha256 = b.sha256);
  RETURN NULL;
END $$;

CREATE TRIGGER uploads_reclaim_blobs AFTER DELETE ON uploads
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION uploads_reclaim_blobs();

CREATE INDEX uploads_sha256_idx ON uploads (sha256);
CREATE INDEX uploads_stream_idx ON uploads (stream_id);

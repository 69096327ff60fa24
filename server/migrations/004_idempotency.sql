-- Idempotency keys: a write sent with an Idempotency-Key header (the browser's outbox replaying what
-- was made offline) is applied once per analyst and key. The row is inserted in the write's own
-- transaction, so the write and the record of it land together or not at all; the answer is kept
-- beside it for replays. Rows older than 30 days are dropped by the server.
CREATE TABLE idempotency_keys (
  analyst_id bigint NOT NULL REFERENCES analysts (id) ON DELETE CASCADE,
  key text NOT NULL,
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  -- sha256 of method, path and body: the same key with another request is refused (409).
  request_hash text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  -- The answer, once sent (NULL while the write runs, or if the process stopped before answering).
  status_code integer,
  response_body text,
  created_micros bigint NOT NULL,
  PRIMARY KEY (analyst_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_micros);

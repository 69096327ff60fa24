-- Issue 17: an audit action's clientID (the outbox's name for it, so a replay is stored once) was
-- unique across all analysts: a second analyst reusing one got the first analyst's row back and
-- their own action was dropped. It is unique per analyst now.
ALTER TABLE audit_actions DROP CONSTRAINT IF EXISTS audit_actions_client_id_key;
ALTER TABLE audit_actions ADD CONSTRAINT audit_actions_analyst_client_key UNIQUE (analyst_id, client_id);

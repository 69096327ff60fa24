-- Users, sessions, analysts, grants and the two audit logs.
-- Timestamps are bigint microseconds since the Unix epoch (UTC). Users and analysts draw ids from
-- one sequence, so a user's own analyst can carry the user's id without colliding with others.

CREATE SEQUENCE identity_id_seq;

CREATE TABLE users (
  id bigint PRIMARY KEY DEFAULT nextval('identity_id_seq'),
  username text NOT NULL UNIQUE,
  name text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  password_hash text,
  oidc_issuer text,
  oidc_subject text,
  disabled boolean NOT NULL DEFAULT false,
  created_micros bigint NOT NULL,
  UNIQUE (oidc_issuer, oidc_subject)
);

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_micros bigint NOT NULL,
  expires_micros bigint NOT NULL,
  last_seen_micros bigint NOT NULL,
  user_agent text NOT NULL DEFAULT '',
  ip text NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE sign_in_links (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_micros bigint NOT NULL,
  used_micros bigint
);

CREATE TABLE sign_in_failures (
  id bigserial PRIMARY KEY,
  username text NOT NULL,
  ip text NOT NULL,
  at_micros bigint NOT NULL
);
CREATE INDEX sign_in_failures_username_idx ON sign_in_failures (username, at_micros);
CREATE INDEX sign_in_failures_ip_idx ON sign_in_failures (ip, at_micros);

CREATE TABLE oidc_flows (
  state text PRIMARY KEY,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  return_to text NOT NULL,
  expires_micros bigint NOT NULL
);

CREATE TABLE analysts (
  id bigint PRIMARY KEY DEFAULT nextval('identity_id_seq'),
  name text NOT NULL,
  email text NOT NULL DEFAULT '',
  permission text NOT NULL DEFAULT 'read' CHECK (permission IN ('read', 'write', 'admin')),
  -- the user whose own analyst this is; then id = user_id
  user_id bigint UNIQUE REFERENCES users (id) ON DELETE SET NULL,
  created_micros bigint NOT NULL,
  CHECK (user_id IS NULL OR user_id = id)
);

CREATE TABLE analyst_grants (
  analyst_id bigint NOT NULL REFERENCES analysts (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  granted_by_analyst_id bigint NOT NULL,
  created_micros bigint NOT NULL,
  PRIMARY KEY (analyst_id, user_id)
);

CREATE TABLE audit_actions (
  id bigserial PRIMARY KEY,
  client_id uuid UNIQUE,
  action_name text NOT NULL,
  organization_id bigint,
  incident_id bigint,
  event_id bigint,
  stream_id bigint,
  map_id bigint,
  value jsonb,
  user_id bigint NOT NULL,
  analyst_id bigint NOT NULL,
  at_micros bigint NOT NULL,
  client_micros bigint
);
CREATE INDEX audit_actions_at_idx ON audit_actions (at_micros DESC, id DESC);
CREATE INDEX audit_actions_analyst_idx ON audit_actions (analyst_id, id DESC);
CREATE INDEX audit_actions_name_idx ON audit_actions (action_name, id DESC);

CREATE TABLE data_audit (
  id bigserial PRIMARY KEY,
  action text NOT NULL,
  item_type text NOT NULL,
  item_id bigint,
  detail jsonb,
  user_id bigint,
  analyst_id bigint,
  at_micros bigint NOT NULL
);
CREATE INDEX data_audit_at_idx ON data_audit (at_micros DESC, id DESC);
CREATE INDEX data_audit_analyst_idx ON data_audit (analyst_id, id DESC);
CREATE INDEX data_audit_item_idx ON data_audit (item_type, item_id);

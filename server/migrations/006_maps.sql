-- Incident maps (issue 9): a geo CSV kept whole as a system upload, read into points by the map's
-- settings (spec section 3: colour, icon, name, default zone and date, delimiter, header and
-- preamble rows, identified columns). Points are written by COPY, keyed by map and file order;
-- the time index answers the minTimestamp/maxTimestamp window. Invalid rows keep line and reason.
CREATE TABLE incident_maps (
  id bigserial PRIMARY KEY,
  incident_id bigint NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  -- the file as uploaded; deleting that upload deletes the map made from it
  upload_id bigint NOT NULL REFERENCES uploads (id) ON DELETE CASCADE,
  name text NOT NULL,
  colour text NOT NULL,
  icon text NOT NULL CHECK (icon IN ('circle', 'airplane', 'rocket')),
  settings jsonb NOT NULL,
  valid_point_count bigint NOT NULL,
  invalid_item_count bigint NOT NULL,
  first_micros bigint,
  last_micros bigint,
  analyst_id bigint,
  created_micros bigint NOT NULL
);
CREATE INDEX incident_maps_incident_idx ON incident_maps (incident_id);
CREATE INDEX incident_maps_upload_idx ON incident_maps (upload_id);

CREATE TABLE map_points (
  map_id bigint NOT NULL REFERENCES incident_maps (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  line integer NOT NULL,
  at_micros bigint NOT NULL,
  actor text NOT NULL,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  altitude double precision,
  heading real,
  pitch real,
  roll real,
  PRIMARY KEY (map_id, seq)
);
CREATE INDEX map_points_time_idx ON map_points (map_id, at_micros);

CREATE TABLE map_invalid_items (
  map_id bigint NOT NULL REFERENCES incident_maps (id) ON DELETE CASCADE,
  line integer NOT NULL,
  reason text NOT NULL,
  PRIMARY KEY (map_id, line)
);

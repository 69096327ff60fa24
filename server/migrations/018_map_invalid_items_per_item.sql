-- A map's invalid items are a list, not one per line: several items can share a line (a GPX route's
-- points written on one line, a minified GPX or KML on a single line), and keying them by line refused
-- the whole file with a conflict. They stay read by map and in line order.
ALTER TABLE map_invalid_items DROP CONSTRAINT map_invalid_items_pkey;
CREATE INDEX map_invalid_items_map_idx ON map_invalid_items (map_id, line);

-- What each imported row costs to write (issue 20 item 3), again: the change index (events_incident_change_idx,
-- migration 009) took an entry for every imported row, 13-16% of an import COPY's backend CPU
-- (bench/import-write-cost.ts), and delta sync never reads those rows by it: an import writes its rows with
-- change number 1 and its flip moves the incident's change floor, so a device from before syncs in full.
-- The index now holds numbers above 1 only, and 1 is nobody's change any more: a new incident starts at 1, so
-- its first change takes 2. A device that asks for changes since a number below 1 (it read an incident made
-- before this migration that had never changed) is sent to a full sync instead of reading rows of 1 by the
-- index; the readers of the index say change_seq > 1 (repositories/changes-repository.ts, import/reimport-match.ts).
ALTER TABLE incidents ALTER COLUMN change_seq SET DEFAULT 1;
DROP INDEX events_incident_change_idx;
CREATE INDEX events_incident_change_idx ON events (incident_id, change_seq) WHERE change_seq > 1;

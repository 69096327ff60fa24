-- Issue 8: a device that already holds every event of a large incident should not fetch them all
-- again each time the incident is opened. events_revision changes whenever any event of the
-- incident is inserted, updated or deleted (statement-level triggers, so an import of a million
-- rows changes it once); the browser's mirror keeps the revision it finished syncing at and pages
-- the events again only when the incident's revision differs. A random value rather than a
-- counter, so a database rebuilt from scratch never hands a device a revision it already holds.

ALTER TABLE incidents ADD COLUMN events_revision uuid NOT NULL DEFAULT gen_random_uuid();

CREATE FUNCTION events_revision_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE incidents i SET events_revision = gen_random_uuid()
   WHERE i.id IN (SELECT DISTINCT c.incident_id FROM changed_rows c);
  RETURN NULL;
END $$;

CREATE TRIGGER events_revision_insert AFTER INSERT ON events
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION events_revision_bump();
CREATE TRIGGER events_revision_delete AFTER DELETE ON events
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION events_revision_bump();
-- An update counts only when it changes what the browser reads: the search data an actor rename
-- rewrites does not make every device fetch the incident's events again. (A trigger's column list
-- cannot have transition tables, so the rows are compared.)
CREATE FUNCTION events_revision_bump_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE incidents i SET events_revision = gen_random_uuid()
   WHERE i.id IN (
     SELECT DISTINCT n.incident_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.incident_id, n.stream_id, n.actor_id, n.is_marker, n.message, n.start_micros, n.end_micros, n.extra)
            IS DISTINCT FROM (o.incident_id, o.stream_id, o.actor_id, o.is_marker, o.message, o.start_micros, o.end_micros, o.extra)
     UNION
     SELECT o.incident_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.incident_id <> o.incident_id
   );
  RETURN NULL;
END $$;

CREATE TRIGGER events_revision_update AFTER UPDATE ON events
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION events_revision_bump_changed();

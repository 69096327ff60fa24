-- What each imported row costs to write (issue 20 item 3), again: events_actor_idx was the dearest of
-- the b-trees a row enters (57 actors, 57 insertion points), and no read of events goes by actor alone.
-- The three statements that used it go by the incident instead, since an event's actor is always one of
-- its incident's (the event routes and the imports check it): the actor's delete trigger below, the
-- rename's search update (search-repository.ts) and a discarded import's actor sweep (hidden-import.ts).
-- Each is one pass over the incident's events (tests/server/actor-statements-plan.test.ts shows the plans).
DROP INDEX events_actor_idx;

-- One pass over the incidents the deleted actors belonged to, whatever the number of actors: a join of
-- the transition table to events per actor would scan a large incident once an actor.
CREATE OR REPLACE FUNCTION events_follow_deleted_actors() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  incident_ids bigint[];
  actor_ids bigint[];
BEGIN
  SELECT array_agg(DISTINCT g.incident_id), array_agg(g.id) INTO incident_ids, actor_ids FROM gone g;
  IF actor_ids IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE events e SET actor_id = NULL WHERE e.incident_id = ANY (incident_ids) AND e.actor_id = ANY (actor_ids);
  RETURN NULL;
END $$;

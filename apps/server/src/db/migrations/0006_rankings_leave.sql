-- A text that stops being published (hidden, withdrawn, deleted, its author banned) leaves the precomputed rankings
-- at once, whatever path changed its status; the next refresh recomputes the lists. Readers then count and page
-- ranking_entries without joining every entry back to essays.
CREATE OR REPLACE FUNCTION ranking_entries_leave() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ranking_entries WHERE essay_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER essays_leave_rankings AFTER UPDATE OF status ON essays FOR EACH ROW
  WHEN (OLD.status = 'published' AND NEW.status <> 'published')
  EXECUTE FUNCTION ranking_entries_leave();

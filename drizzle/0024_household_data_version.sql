CREATE TABLE "household_touches" (
	"household_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "data_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "household_touches_household" ON "household_touches" ("household_id");
--> statement-breakpoint
-- Decision 045. A write to any of a household's rows records the household in household_touches
-- (once per transaction); a deferred trigger raises households.data_version just before commit,
-- so the version and the rows it stands for become visible together, and the household's row is
-- locked only for the moment of the commit.
CREATE FUNCTION hearth_touch_households(p_households uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO household_touches (household_id)
  SELECT DISTINCT h FROM unnest(p_households) AS h
  WHERE h IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM household_touches t WHERE t.household_id = h)
$$;
--> statement-breakpoint
CREATE FUNCTION hearth_touch_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hearth_touch_households(array(SELECT DISTINCT household_id FROM hearth_new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION hearth_touch_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hearth_touch_households(array(
    SELECT household_id FROM hearth_old_rows UNION SELECT household_id FROM hearth_new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION hearth_touch_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hearth_touch_households(array(SELECT DISTINCT household_id FROM hearth_old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A person's name, e-mail or profile shows in every household they belong to.
CREATE FUNCTION hearth_touch_after_person_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hearth_touch_households(array(
    SELECT m.household_id FROM members m
    WHERE m.user_id IN (SELECT id FROM hearth_old_rows UNION SELECT id FROM hearth_new_rows)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION hearth_version_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH taken AS (
    DELETE FROM household_touches WHERE household_id = NEW.household_id RETURNING 1
  )
  UPDATE households SET data_version = data_version + 1
  WHERE id = NEW.household_id AND EXISTS (SELECT 1 FROM taken);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER household_touches_version AFTER INSERT ON household_touches
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION hearth_version_at_commit();
--> statement-breakpoint
-- The household's own row (its name): raised in the same statement.
CREATE FUNCTION hearth_version_of_household_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.data_version = OLD.data_version THEN
    NEW.data_version := OLD.data_version + 1;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER households_version BEFORE UPDATE ON households
  FOR EACH ROW EXECUTE FUNCTION hearth_version_of_household_row();
--> statement-breakpoint
CREATE TRIGGER household_version_after_update AFTER UPDATE ON "user"
  REFERENCING OLD TABLE AS hearth_old_rows NEW TABLE AS hearth_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hearth_touch_after_person_update();
--> statement-breakpoint
CREATE TRIGGER household_version_after_update AFTER UPDATE ON profiles
  REFERENCING OLD TABLE AS hearth_old_rows NEW TABLE AS hearth_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hearth_touch_after_person_update();
--> statement-breakpoint
-- Every table with a household_id gets the three statement triggers; a later migration that adds
-- such a table calls this for it (db/household-version.test.ts fails until it does).
CREATE FUNCTION hearth_watch_household_rows(p_table regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER household_version_after_insert AFTER INSERT ON %s '
    'REFERENCING NEW TABLE AS hearth_new_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION hearth_touch_after_insert()', p_table);
  EXECUTE format('CREATE TRIGGER household_version_after_update AFTER UPDATE ON %s '
    'REFERENCING OLD TABLE AS hearth_old_rows NEW TABLE AS hearth_new_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION hearth_touch_after_update()', p_table);
  EXECUTE format('CREATE TRIGGER household_version_after_delete AFTER DELETE ON %s '
    'REFERENCING OLD TABLE AS hearth_old_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION hearth_touch_after_delete()', p_table);
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables tb USING (table_schema, table_name)
    WHERE c.table_schema = current_schema() AND c.column_name = 'household_id'
      AND tb.table_type = 'BASE TABLE' AND c.table_name <> 'household_touches'
    ORDER BY c.table_name
  LOOP
    PERFORM hearth_watch_household_rows(quote_ident(t)::regclass);
  END LOOP;
END $$;

CREATE TABLE "monthly_totals" (
	"household_id" uuid NOT NULL,
	"month" date NOT NULL,
	"member_id" uuid,
	"category_id" uuid,
	"kind" text NOT NULL,
	"total_cents" bigint NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "monthly_totals_key" UNIQUE NULLS NOT DISTINCT("household_id","month","member_id","category_id","kind")
);
--> statement-breakpoint
ALTER TABLE "monthly_totals" ADD CONSTRAINT "monthly_totals_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Monthly roll-ups (decision 028): the triggers below keep monthly_totals equal to the sums of
-- the entries (rows without a member) and of the members' shares (rows with one), in the same
-- transaction as every write. Only income and expenses that are not deleted count.
CREATE FUNCTION hearth_add_monthly_totals(
  p_households uuid[], p_months date[], p_members uuid[], p_categories uuid[], p_kinds text[],
  p_cents bigint[], p_counts integer[]
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO monthly_totals AS m
    (household_id, month, member_id, category_id, kind, total_cents, entries)
  SELECT d.household_id, d.month, d.member_id, d.category_id, d.kind, sum(d.cents), sum(d.counts)
    FROM unnest(p_households, p_months, p_members, p_categories, p_kinds, p_cents, p_counts)
      AS d(household_id, month, member_id, category_id, kind, cents, counts)
    -- A household being deleted takes its totals with it: nothing is added for it.
    WHERE EXISTS (SELECT 1 FROM households h WHERE h.id = d.household_id)
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(d.cents) <> 0 OR sum(d.counts) <> 0
    ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ON CONSTRAINT monthly_totals_key DO UPDATE
    SET total_cents = m.total_cents + excluded.total_cents,
        entries = m.entries + excluded.entries
$$;
--> statement-breakpoint
CREATE FUNCTION hearth_totals_after_transactions_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hearth_add_monthly_totals(
    array_agg(n.household_id), array_agg(date_trunc('month', n.occurred_on)::date),
    array_agg(NULL::uuid), array_agg(n.category_id), array_agg(n.kind),
    array_agg(n.amount_cents), array_agg(1))
  FROM new_rows n
  WHERE n.kind IN ('income', 'expense') AND n.deleted_at IS NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION hearth_totals_after_transactions_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hearth_add_monthly_totals(
    array_agg(d.household_id), array_agg(d.month), array_agg(d.member_id),
    array_agg(d.category_id), array_agg(d.kind), array_agg(d.cents), array_agg(d.n))
  FROM (
    WITH changed AS (
      SELECT o.id,
          o.household_id AS o_household, n.household_id AS n_household,
          date_trunc('month', o.occurred_on)::date AS o_month,
          date_trunc('month', n.occurred_on)::date AS n_month,
          o.category_id AS o_category, n.category_id AS n_category,
          o.kind AS o_kind, n.kind AS n_kind,
          o.amount_cents AS o_cents, n.amount_cents AS n_cents,
          (o.kind IN ('income', 'expense') AND o.deleted_at IS NULL) AS o_counted,
          (n.kind IN ('income', 'expense') AND n.deleted_at IS NULL) AS n_counted
        FROM old_rows o JOIN new_rows n ON n.id = o.id
    ),
    -- The entry's own total moves when anything it is counted by changed; its shares' totals
    -- when the month, category, kind or counting changed (a share's own changes, and its
    -- household's, reach the totals through the shares' trigger).
    entry_moved AS (
      SELECT * FROM changed
        WHERE (o_household, o_month, o_category, o_kind, o_cents, o_counted)
          IS DISTINCT FROM (n_household, n_month, n_category, n_kind, n_cents, n_counted)
    ),
    shares_moved AS (
      SELECT * FROM changed
        WHERE (o_month, o_category, o_kind, o_counted)
          IS DISTINCT FROM (n_month, n_category, n_kind, n_counted)
    )
    SELECT o_household AS household_id, o_month AS month, NULL::uuid AS member_id,
        o_category AS category_id, o_kind AS kind, -o_cents AS cents, -1 AS n
      FROM entry_moved WHERE o_counted
    UNION ALL
    SELECT n_household, n_month, NULL::uuid, n_category, n_kind, n_cents, 1
      FROM entry_moved WHERE n_counted
    UNION ALL
    SELECT s.household_id, c.o_month, s.member_id, c.o_category, c.o_kind, -s.amount_cents, -1
      FROM shares_moved c JOIN transaction_shares s ON s.transaction_id = c.id
      WHERE c.o_counted
    UNION ALL
    SELECT s.household_id, c.n_month, s.member_id, c.n_category, c.n_kind, s.amount_cents, 1
      FROM shares_moved c JOIN transaction_shares s ON s.transaction_id = c.id
      WHERE c.n_counted
  ) d;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Before an entry is removed for good, its total and its shares' totals are taken out (its
-- shares go with it by cascade, when the entry can no longer be read).
CREATE FUNCTION hearth_totals_before_transaction_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.kind IN ('income', 'expense') AND OLD.deleted_at IS NULL THEN
    PERFORM hearth_add_monthly_totals(
      array_agg(d.household_id), array_agg(date_trunc('month', OLD.occurred_on)::date),
      array_agg(d.member_id), array_agg(OLD.category_id), array_agg(OLD.kind),
      array_agg(d.cents), array_agg(-1))
    FROM (
      SELECT OLD.household_id AS household_id, NULL::uuid AS member_id, -OLD.amount_cents AS cents
      UNION ALL
      SELECT s.household_id, s.member_id, -s.amount_cents
        FROM transaction_shares s WHERE s.transaction_id = OLD.id
    ) d;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE FUNCTION hearth_totals_after_shares_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hearth_add_monthly_totals(
    array_agg(s.household_id), array_agg(date_trunc('month', t.occurred_on)::date),
    array_agg(s.member_id), array_agg(t.category_id), array_agg(t.kind),
    array_agg(s.amount_cents), array_agg(1))
  FROM new_shares s JOIN transactions t ON t.id = s.transaction_id
  WHERE t.kind IN ('income', 'expense') AND t.deleted_at IS NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION hearth_totals_after_shares_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Shares of an entry removed for good find no entry here: its delete trigger took them out.
  PERFORM hearth_add_monthly_totals(
    array_agg(s.household_id), array_agg(date_trunc('month', t.occurred_on)::date),
    array_agg(s.member_id), array_agg(t.category_id), array_agg(t.kind),
    array_agg(-s.amount_cents), array_agg(-1))
  FROM old_shares s JOIN transactions t ON t.id = s.transaction_id
  WHERE t.kind IN ('income', 'expense') AND t.deleted_at IS NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION hearth_totals_after_shares_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hearth_add_monthly_totals(
    array_agg(d.household_id), array_agg(date_trunc('month', t.occurred_on)::date),
    array_agg(d.member_id), array_agg(t.category_id), array_agg(t.kind),
    array_agg(d.cents), array_agg(d.n))
  FROM (
    SELECT transaction_id, household_id, member_id, -amount_cents AS cents, -1 AS n FROM old_shares
    UNION ALL
    SELECT transaction_id, household_id, member_id, amount_cents, 1 FROM new_shares
  ) d JOIN transactions t ON t.id = d.transaction_id
  WHERE t.kind IN ('income', 'expense') AND t.deleted_at IS NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER monthly_totals_after_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hearth_totals_after_transactions_insert();
--> statement-breakpoint
CREATE TRIGGER monthly_totals_after_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hearth_totals_after_transactions_update();
--> statement-breakpoint
CREATE TRIGGER monthly_totals_before_delete BEFORE DELETE ON transactions
  FOR EACH ROW EXECUTE FUNCTION hearth_totals_before_transaction_delete();
--> statement-breakpoint
CREATE TRIGGER monthly_totals_after_insert AFTER INSERT ON transaction_shares
  REFERENCING NEW TABLE AS new_shares
  FOR EACH STATEMENT EXECUTE FUNCTION hearth_totals_after_shares_insert();
--> statement-breakpoint
CREATE TRIGGER monthly_totals_after_delete AFTER DELETE ON transaction_shares
  REFERENCING OLD TABLE AS old_shares
  FOR EACH STATEMENT EXECUTE FUNCTION hearth_totals_after_shares_delete();
--> statement-breakpoint
CREATE TRIGGER monthly_totals_after_update AFTER UPDATE ON transaction_shares
  REFERENCING OLD TABLE AS old_shares NEW TABLE AS new_shares
  FOR EACH STATEMENT EXECUTE FUNCTION hearth_totals_after_shares_update();
--> statement-breakpoint
-- The totals from the raw entries: for every household (NULL) or one. The rebuild command runs
-- it with the entries locked against writes; here, on an existing data folder, it fills the table.
CREATE FUNCTION hearth_rebuild_monthly_totals(p_household uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM monthly_totals WHERE p_household IS NULL OR household_id = p_household;
  INSERT INTO monthly_totals
    (household_id, month, member_id, category_id, kind, total_cents, entries)
  SELECT t.household_id, date_trunc('month', t.occurred_on)::date, NULL::uuid, t.category_id,
      t.kind, sum(t.amount_cents), count(*)
    FROM transactions t
    WHERE t.kind IN ('income', 'expense') AND t.deleted_at IS NULL
      AND (p_household IS NULL OR t.household_id = p_household)
    GROUP BY 1, 2, 3, 4, 5
  UNION ALL
  SELECT s.household_id, date_trunc('month', t.occurred_on)::date, s.member_id, t.category_id,
      t.kind, sum(s.amount_cents), count(*)
    FROM transaction_shares s JOIN transactions t ON t.id = s.transaction_id
    WHERE t.kind IN ('income', 'expense') AND t.deleted_at IS NULL
      AND (p_household IS NULL OR s.household_id = p_household)
    GROUP BY 1, 2, 3, 4, 5;
$$;
--> statement-breakpoint
SELECT hearth_rebuild_monthly_totals(NULL);

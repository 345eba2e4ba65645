-- The roll-up rows a statement changes are locked in one order everywhere: by household, month,
-- category and kind, and for each such key the household's row (no member) before the members'.
-- An entry's insert takes the household's row (its own statement) before its shares' rows, so a
-- statement that moves entries between months (an edit) now takes them in the same order and
-- cannot deadlock with it (decision 028).
CREATE OR REPLACE FUNCTION hearth_add_monthly_totals(
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
    ORDER BY 1, 2, 4, 5, 3 NULLS FIRST
  ON CONFLICT ON CONSTRAINT monthly_totals_key DO UPDATE
    SET total_cents = m.total_cents + excluded.total_cents,
        entries = m.entries + excluded.entries
$$;

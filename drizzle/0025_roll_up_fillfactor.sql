-- Rows rewritten on every write keep room on their page (decision 047): a roll-up row is updated
-- by every entry of its month, and a household's row by every change (data_version, decision
-- 045). With pages left half empty, PostgreSQL writes the new version beside the old one (a HOT
-- update: no index entry) and clears the old one the next time the page is read, with or
-- without autovacuum; full pages sent each new version elsewhere, with a new index entry, and
-- after a large import the month's roll-ups were read from thousands of pages instead of tens.
-- Pages written from now on keep the room; a row on a full page moves once, to one that has it.
ALTER TABLE "monthly_totals" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "households" SET (fillfactor = 50);

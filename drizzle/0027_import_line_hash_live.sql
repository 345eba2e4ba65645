-- A file's line as written is a live imported row's identity, as its mapped hash is (decision
-- 059): at most one live entry of a household holds it, and an import leaves it to the unique
-- index to find a line that is there instead of looking each row up. Where two live entries hold
-- the same line (a link to an entry typed by hand could repeat one before), the oldest keeps it
-- and the others keep their entries without it (their mapped hash still knows their row).
UPDATE "transactions" t SET "import_line_hash" = NULL
WHERE t."import_line_hash" IS NOT NULL AND t."deleted_at" IS NULL
  AND EXISTS (
    SELECT 1 FROM "transactions" o
    WHERE o."household_id" = t."household_id" AND o."import_line_hash" = t."import_line_hash"
      AND o."deleted_at" IS NULL AND (o."created_at", o."id") < (t."created_at", t."id"));--> statement-breakpoint
DROP INDEX "transactions_import_line_hash_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_import_line_hash_live_idx" ON "transactions" USING btree ("household_id","import_line_hash") WHERE "transactions"."import_line_hash" is not null and "transactions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "transactions_import_line_hash_deleted_idx" ON "transactions" USING btree ("household_id","import_line_hash") WHERE "transactions"."import_line_hash" is not null and "transactions"."deleted_at" is not null;

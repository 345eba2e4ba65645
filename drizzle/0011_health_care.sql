ALTER TABLE "categories" ADD COLUMN "health_care" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The default set's health care category of households made before the column counts against the deductible too.
UPDATE "categories" SET "health_care" = true WHERE "default_key" = 'health' AND "kind" = 'expense';

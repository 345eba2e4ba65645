CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"file_name" text,
	"bank" text,
	"member_id" uuid,
	"created_by_member_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"invalid" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"invalid_count" integer DEFAULT 0 NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "transactions_import_hash_idx";--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_created_by_member_id_members_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_household_idx" ON "imports" USING btree ("household_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Imports made before this migration become history rows (no file name or bank known), so the
-- entries' import ids point at a row and those imports can be undone too.
INSERT INTO "imports" ("id", "household_id", "member_id", "created_by_member_id", "created_at", "imported")
SELECT "import_id", (array_agg("household_id"))[1],
	(array_agg(coalesce("paid_by_member_id", "received_by_member_id")))[1],
	(array_agg("created_by_member_id"))[1], min("created_at"), count(*)::integer
FROM "transactions" WHERE "import_id" IS NOT NULL GROUP BY "import_id";--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_import_hash_live_idx" ON "transactions" USING btree ("household_id","import_hash") WHERE "transactions"."import_hash" is not null and "transactions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "transactions_import_hash_deleted_idx" ON "transactions" USING btree ("household_id","import_hash") WHERE "transactions"."import_hash" is not null and "transactions"."deleted_at" is not null;
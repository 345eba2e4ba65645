ALTER TABLE "households" ADD COLUMN "default_name_of" text;--> statement-breakpoint
-- Households still called by the name Hearth gave them are shown in the reader's language from
-- now on; one renamed by hand keeps its name.
UPDATE "households" SET "default_name_of" = substring("name" from '^(.+)''s household$')
  WHERE "name" ~ '^.+''s household$';
--> statement-breakpoint
UPDATE "households" SET "default_name_of" = substring("name" from '^Huishouden van (.+)$')
  WHERE "name" ~ '^Huishouden van .+$';

CREATE TABLE "account_rate_limit" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" bigint NOT NULL,
	"count" integer NOT NULL
);

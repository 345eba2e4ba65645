CREATE TABLE "holding_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"holding_id" uuid NOT NULL,
	"priced_on" date NOT NULL,
	"price" double precision NOT NULL,
	"fx_rate" double precision DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holding_prices_positive" CHECK ("holding_prices"."price" >= 0 and "holding_prices"."fx_rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "holdings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"name" text NOT NULL,
	"symbol" text,
	"isin" text,
	"kind" text DEFAULT 'etf' NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investment_trades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"holding_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"occurred_on" date NOT NULL,
	"quantity" double precision,
	"price" double precision,
	"fx_rate" double precision DEFAULT 1 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"fees_cents" bigint DEFAULT 0 NOT NULL,
	"tax_cents" bigint DEFAULT 0 NOT NULL,
	"ratio" double precision,
	"note" text,
	"created_by_member_id" uuid,
	"import_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investment_trades_amounts" CHECK ("investment_trades"."amount_cents" >= 0 and "investment_trades"."fees_cents" >= 0 and "investment_trades"."tax_cents" >= 0 and "investment_trades"."fx_rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "portfolio_shares" (
	"portfolio_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"percent_bp" integer NOT NULL,
	CONSTRAINT "portfolio_shares_portfolio_id_member_id_pk" PRIMARY KEY("portfolio_id","member_id"),
	CONSTRAINT "portfolio_shares_percent" CHECK ("portfolio_shares"."percent_bp" > 0 and "portfolio_shares"."percent_bp" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "portfolios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"name" text NOT NULL,
	"broker" text,
	"owner_kind" text DEFAULT 'household' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "holding_prices" ADD CONSTRAINT "holding_prices_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding_prices" ADD CONSTRAINT "holding_prices_holding_id_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."holdings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_trades" ADD CONSTRAINT "investment_trades_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_trades" ADD CONSTRAINT "investment_trades_holding_id_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."holdings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_trades" ADD CONSTRAINT "investment_trades_created_by_member_id_members_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_shares" ADD CONSTRAINT "portfolio_shares_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_shares" ADD CONSTRAINT "portfolio_shares_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_shares" ADD CONSTRAINT "portfolio_shares_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolios" ADD CONSTRAINT "portfolios_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "holding_prices_one_per_day" ON "holding_prices" USING btree ("holding_id","priced_on");--> statement-breakpoint
CREATE INDEX "holding_prices_household_idx" ON "holding_prices" USING btree ("household_id","priced_on");--> statement-breakpoint
CREATE INDEX "holdings_household_idx" ON "holdings" USING btree ("household_id");--> statement-breakpoint
CREATE INDEX "holdings_portfolio_idx" ON "holdings" USING btree ("portfolio_id");--> statement-breakpoint
CREATE INDEX "investment_trades_holding_idx" ON "investment_trades" USING btree ("holding_id","occurred_on");--> statement-breakpoint
CREATE INDEX "investment_trades_household_idx" ON "investment_trades" USING btree ("household_id","occurred_on");--> statement-breakpoint
CREATE UNIQUE INDEX "investment_trades_import_key" ON "investment_trades" USING btree ("household_id","import_key");--> statement-breakpoint
CREATE INDEX "portfolios_household_idx" ON "portfolios" USING btree ("household_id");
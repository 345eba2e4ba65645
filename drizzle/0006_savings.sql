CREATE TABLE "savings_account_shares" (
	"account_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"percent_bp" integer NOT NULL,
	CONSTRAINT "savings_account_shares_account_id_member_id_pk" PRIMARY KEY("account_id","member_id"),
	CONSTRAINT "savings_account_shares_percent" CHECK ("savings_account_shares"."percent_bp" > 0 and "savings_account_shares"."percent_bp" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "savings_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"name" text NOT NULL,
	"institution" text,
	"kind" text DEFAULT 'savings' NOT NULL,
	"owner_kind" text DEFAULT 'household' NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "savings_goal_accounts" (
	"goal_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	CONSTRAINT "savings_goal_accounts_goal_id_account_id_pk" PRIMARY KEY("goal_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "savings_goal_contributions" (
	"goal_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"monthly_cents" bigint NOT NULL,
	CONSTRAINT "savings_goal_contributions_goal_id_member_id_pk" PRIMARY KEY("goal_id","member_id"),
	CONSTRAINT "savings_goal_contributions_positive" CHECK ("savings_goal_contributions"."monthly_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "savings_goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'custom' NOT NULL,
	"target_cents" bigint NOT NULL,
	"target_date" date NOT NULL,
	"planned_monthly_cents" bigint,
	"emergency_months" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "savings_goals_target_positive" CHECK ("savings_goals"."target_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "savings_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"occurred_on" date NOT NULL,
	"note" text,
	"source_member_id" uuid,
	"created_by_member_id" uuid,
	"statement_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "savings_movements_sign" CHECK (("savings_movements"."kind" in ('deposit', 'interest') and "savings_movements"."amount_cents" > 0)
        or ("savings_movements"."kind" = 'withdrawal' and "savings_movements"."amount_cents" < 0)
        or ("savings_movements"."kind" = 'correction' and "savings_movements"."amount_cents" <> 0))
);
--> statement-breakpoint
CREATE TABLE "savings_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"rate_bp" integer NOT NULL,
	CONSTRAINT "savings_rates_range" CHECK ("savings_rates"."rate_bp" >= -10000 and "savings_rates"."rate_bp" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "savings_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"stated_on" date NOT NULL,
	"balance_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "savings_account_shares" ADD CONSTRAINT "savings_account_shares_account_id_savings_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."savings_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_account_shares" ADD CONSTRAINT "savings_account_shares_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_account_shares" ADD CONSTRAINT "savings_account_shares_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_accounts" ADD CONSTRAINT "savings_accounts_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_goal_accounts" ADD CONSTRAINT "savings_goal_accounts_goal_id_savings_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."savings_goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_goal_accounts" ADD CONSTRAINT "savings_goal_accounts_account_id_savings_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."savings_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_goal_accounts" ADD CONSTRAINT "savings_goal_accounts_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_goal_contributions" ADD CONSTRAINT "savings_goal_contributions_goal_id_savings_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."savings_goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_goal_contributions" ADD CONSTRAINT "savings_goal_contributions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_goal_contributions" ADD CONSTRAINT "savings_goal_contributions_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_goals" ADD CONSTRAINT "savings_goals_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_movements" ADD CONSTRAINT "savings_movements_account_id_savings_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."savings_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_movements" ADD CONSTRAINT "savings_movements_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_movements" ADD CONSTRAINT "savings_movements_source_member_id_members_id_fk" FOREIGN KEY ("source_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_movements" ADD CONSTRAINT "savings_movements_created_by_member_id_members_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_rates" ADD CONSTRAINT "savings_rates_account_id_savings_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."savings_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_rates" ADD CONSTRAINT "savings_rates_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_statements" ADD CONSTRAINT "savings_statements_account_id_savings_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."savings_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_statements" ADD CONSTRAINT "savings_statements_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "savings_accounts_household_idx" ON "savings_accounts" USING btree ("household_id");--> statement-breakpoint
CREATE INDEX "savings_goals_household_idx" ON "savings_goals" USING btree ("household_id");--> statement-breakpoint
CREATE INDEX "savings_movements_account_idx" ON "savings_movements" USING btree ("account_id","occurred_on");--> statement-breakpoint
CREATE INDEX "savings_movements_household_idx" ON "savings_movements" USING btree ("household_id","occurred_on");--> statement-breakpoint
CREATE UNIQUE INDEX "savings_rates_one_per_day" ON "savings_rates" USING btree ("account_id","starts_on");--> statement-breakpoint
CREATE UNIQUE INDEX "savings_statements_one_per_day" ON "savings_statements" USING btree ("account_id","stated_on");
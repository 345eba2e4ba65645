CREATE TABLE "loan_extra_repayments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"part_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"kind" text DEFAULT 'once' NOT NULL,
	"on_date" date NOT NULL,
	"until_date" date,
	"amount_cents" bigint NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_extra_repayments_amount" CHECK ("loan_extra_repayments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "loan_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"name" text,
	"position" integer DEFAULT 0 NOT NULL,
	"principal_cents" bigint NOT NULL,
	"start_date" date NOT NULL,
	"term_months" integer NOT NULL,
	"repayment_type" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"fixed_months" integer,
	"following_rate_bp" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_parts_principal" CHECK ("loan_parts"."principal_cents" > 0),
	CONSTRAINT "loan_parts_term" CHECK ("loan_parts"."term_months" between 1 and 600),
	CONSTRAINT "loan_parts_rate" CHECK ("loan_parts"."rate_bp" between 0 and 10000),
	CONSTRAINT "loan_parts_following_rate" CHECK ("loan_parts"."following_rate_bp" is null or "loan_parts"."following_rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "loan_shares" (
	"loan_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"percent_bp" integer NOT NULL,
	CONSTRAINT "loan_shares_loan_id_member_id_pk" PRIMARY KEY("loan_id","member_id"),
	CONSTRAINT "loan_shares_percent" CHECK ("loan_shares"."percent_bp" > 0 and "loan_shares"."percent_bp" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'mortgage' NOT NULL,
	"lender" text,
	"owner_kind" text DEFAULT 'household' NOT NULL,
	"own_home" boolean DEFAULT false NOT NULL,
	"extra_effect" text DEFAULT 'shorter-term' NOT NULL,
	"penalty_free_bp" integer DEFAULT 1000 NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loans_penalty_free" CHECK ("loans"."penalty_free_bp" >= 0 and "loans"."penalty_free_bp" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "tax_deadlines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text,
	"due_on" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"remind_days_before" integer,
	"reminded_at" timestamp with time zone,
	"member_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_deadlines_year" CHECK ("tax_deadlines"."year" between 1900 and 2099),
	CONSTRAINT "tax_deadlines_remind" CHECK ("tax_deadlines"."remind_days_before" is null or "tax_deadlines"."remind_days_before" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "tax_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"on_date" date NOT NULL,
	"description" text,
	"member_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_items_amount" CHECK ("tax_items"."amount_cents" > 0),
	CONSTRAINT "tax_items_year" CHECK ("tax_items"."year" between 1900 and 2099)
);
--> statement-breakpoint
CREATE TABLE "tax_years" (
	"household_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"partner_a_member_id" uuid,
	"partner_b_member_id" uuid,
	"partner_a_split_bp" integer DEFAULT 5000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_years_household_id_year_pk" PRIMARY KEY("household_id","year"),
	CONSTRAINT "tax_years_split" CHECK ("tax_years"."partner_a_split_bp" between 0 and 10000),
	CONSTRAINT "tax_years_year" CHECK ("tax_years"."year" between 1900 and 2099)
);
--> statement-breakpoint
ALTER TABLE "recurring_rules" ADD COLUMN "loan_id" uuid;--> statement-breakpoint
ALTER TABLE "loan_extra_repayments" ADD CONSTRAINT "loan_extra_repayments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_extra_repayments" ADD CONSTRAINT "loan_extra_repayments_part_id_loan_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."loan_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_extra_repayments" ADD CONSTRAINT "loan_extra_repayments_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_parts" ADD CONSTRAINT "loan_parts_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_parts" ADD CONSTRAINT "loan_parts_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_shares" ADD CONSTRAINT "loan_shares_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_shares" ADD CONSTRAINT "loan_shares_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_shares" ADD CONSTRAINT "loan_shares_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_deadlines" ADD CONSTRAINT "tax_deadlines_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_deadlines" ADD CONSTRAINT "tax_deadlines_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_items" ADD CONSTRAINT "tax_items_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_items" ADD CONSTRAINT "tax_items_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_years" ADD CONSTRAINT "tax_years_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_years" ADD CONSTRAINT "tax_years_partner_a_member_id_members_id_fk" FOREIGN KEY ("partner_a_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_years" ADD CONSTRAINT "tax_years_partner_b_member_id_members_id_fk" FOREIGN KEY ("partner_b_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_extra_repayments_loan_idx" ON "loan_extra_repayments" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "loan_parts_loan_idx" ON "loan_parts" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "loans_household_idx" ON "loans" USING btree ("household_id");--> statement-breakpoint
CREATE INDEX "tax_deadlines_household_year_idx" ON "tax_deadlines" USING btree ("household_id","year");--> statement-breakpoint
CREATE INDEX "tax_deadlines_reminders_idx" ON "tax_deadlines" USING btree ("due_on") WHERE "tax_deadlines"."reminded_at" is null and "tax_deadlines"."remind_days_before" is not null;--> statement-breakpoint
CREATE INDEX "tax_items_household_year_idx" ON "tax_items" USING btree ("household_id","year");--> statement-breakpoint
ALTER TABLE "recurring_rules" ADD CONSTRAINT "recurring_rules_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE set null ON UPDATE no action;
CREATE TABLE "insurance_policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"insurer" text NOT NULL,
	"policy_number" text,
	"premium_cents" bigint NOT NULL,
	"premium_frequency" text DEFAULT 'monthly' NOT NULL,
	"deductible_cents" bigint,
	"voluntary_deductible_cents" bigint,
	"coverage_notes" text,
	"start_date" date NOT NULL,
	"renewal_date" date,
	"notice_value" integer,
	"notice_unit" text,
	"remind_days_before" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"ends_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_policies_premium" CHECK ("insurance_policies"."premium_cents" > 0),
	CONSTRAINT "insurance_policies_deductibles" CHECK (("insurance_policies"."deductible_cents" is null or "insurance_policies"."deductible_cents" >= 0) and ("insurance_policies"."voluntary_deductible_cents" is null or "insurance_policies"."voluntary_deductible_cents" >= 0)),
	CONSTRAINT "insurance_policies_notice" CHECK (("insurance_policies"."notice_value" is null) = ("insurance_policies"."notice_unit" is null) and ("insurance_policies"."notice_value" is null or "insurance_policies"."notice_value" between 1 and 365)),
	CONSTRAINT "insurance_policies_remind" CHECK ("insurance_policies"."remind_days_before" is null or "insurance_policies"."remind_days_before" between 0 and 365),
	CONSTRAINT "insurance_policies_ends" CHECK (("insurance_policies"."status" = 'cancelled') = ("insurance_policies"."ends_on" is not null))
);
--> statement-breakpoint
CREATE TABLE "insurance_policy_members" (
	"policy_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"share_bp" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insurance_policy_members_policy_id_member_id_pk" PRIMARY KEY("policy_id","member_id"),
	CONSTRAINT "insurance_policy_members_share" CHECK ("insurance_policy_members"."share_bp" is null or "insurance_policy_members"."share_bp" between 1 and 10000)
);
--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policy_members" ADD CONSTRAINT "insurance_policy_members_policy_id_insurance_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."insurance_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policy_members" ADD CONSTRAINT "insurance_policy_members_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policy_members" ADD CONSTRAINT "insurance_policy_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insurance_policies_household_idx" ON "insurance_policies" USING btree ("household_id");
ALTER TABLE "organizations" ADD COLUMN "two_factor_policy" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "two_factor_policy_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_two_factor_policy_check" CHECK ("organizations"."two_factor_policy" in ('off', 'staff', 'everyone'));
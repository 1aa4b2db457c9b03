CREATE TABLE "sso_identities" (
	"user_id" text NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_identities_pkey" PRIMARY KEY("user_id","issuer"),
	CONSTRAINT "sso_identities_subject_unique" UNIQUE("issuer","subject")
);
--> statement-breakpoint
DROP INDEX "organization_sso_domains_organization_idx";--> statement-breakpoint
-- Issue 46 (decision 041): a domain is claimed per organization and acts only once proven, so
-- several organizations may claim it and the key is (organization, domain). The old key was the
-- domain alone, under PostgreSQL's default name.
ALTER TABLE "organization_sso_domains" DROP CONSTRAINT "organization_sso_domains_pkey";--> statement-breakpoint
ALTER TABLE "organization_sso_domains" ADD CONSTRAINT "organization_sso_domains_pkey" PRIMARY KEY("organization_id","domain");--> statement-breakpoint
ALTER TABLE "organization_sso" ADD COLUMN "email_verified_optional" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Domains saved before this release get a value each and are unproven until their TXT record is
-- found: they stop acting until then, which is the point (a claim was never proven).
ALTER TABLE "organization_sso_domains" ADD COLUMN "verification_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_sso_domains" ALTER COLUMN "verification_token" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "organization_sso_domains" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organization_sso_domains" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organization_sso_domains" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organization_sso_domains" ADD COLUMN "check_error" text;--> statement-breakpoint
ALTER TABLE "organization_sso_domains" ADD COLUMN "next_check_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_email_domain_idx" ON "users" USING btree (split_part(lower("email"), '@', -1));--> statement-breakpoint
CREATE UNIQUE INDEX "organization_sso_domains_proven_idx" ON "organization_sso_domains" USING btree ("domain") WHERE "organization_sso_domains"."verified_at" is not null;--> statement-breakpoint
CREATE INDEX "organization_sso_domains_next_check_idx" ON "organization_sso_domains" USING btree ("next_check_at");--> statement-breakpoint
ALTER TABLE "organization_sso_domains" ADD CONSTRAINT "organization_sso_domains_check_error_check" CHECK ("organization_sso_domains"."check_error" in ('not_found', 'unreachable', 'taken', 'in_use'));

ALTER TABLE "sessions" ADD COLUMN "sign_in_method" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "sign_in_factor" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "sign_in_provider" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_sign_in_method_check" CHECK ("sessions"."sign_in_method" is null or "sessions"."sign_in_method" in ('password', 'passkey', 'sso'));--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_sign_in_factor_check" CHECK ("sessions"."sign_in_factor" is null or "sessions"."sign_in_factor" in ('app_code', 'email_code', 'recovery_code'));
CREATE TYPE "public"."advisory_severity" AS ENUM('info', 'warning', 'danger');--> statement-breakpoint
CREATE TABLE "advisories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"severity" "advisory_severity" NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"patrol_area_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_by_id" uuid,
	"announced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "advisory_opt_ins" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"push" boolean DEFAULT false NOT NULL,
	"sms" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "barangay_settings" ADD COLUMN "dpo_name" text;--> statement-breakpoint
ALTER TABLE "barangay_settings" ADD COLUMN "dpo_contact" text;--> statement-breakpoint
ALTER TABLE "advisories" ADD CONSTRAINT "advisories_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisory_opt_ins" ADD CONSTRAINT "advisory_opt_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advisories_ends_at_idx" ON "advisories" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "advisories_unannounced_idx" ON "advisories" USING btree ("starts_at") WHERE "advisories"."announced_at" is null;
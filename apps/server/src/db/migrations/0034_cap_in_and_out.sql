CREATE TABLE "cap_feed_polls" (
	"url" text PRIMARY KEY NOT NULL,
	"polled_at" timestamp with time zone NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "cap_received_alerts" (
	"reference_key" text PRIMARY KEY NOT NULL,
	"advisory_id" uuid,
	"msg_type" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advisories" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "advisories" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "advisories" ADD COLUMN "origin" jsonb;--> statement-breakpoint
ALTER TABLE "barangay_settings" ADD COLUMN "psgc_code" text;--> statement-breakpoint
ALTER TABLE "cap_received_alerts" ADD CONSTRAINT "cap_received_alerts_advisory_id_advisories_id_fk" FOREIGN KEY ("advisory_id") REFERENCES "public"."advisories"("id") ON DELETE set null ON UPDATE no action;
CREATE TYPE "public"."incident_photo_purpose" AS ENUM('report', 'note', 'resolution');--> statement-breakpoint
ALTER TYPE "public"."incident_event_kind" ADD VALUE 'returned_to_queue';--> statement-breakpoint
ALTER TABLE "incident_photos" ADD COLUMN "purpose" "incident_photo_purpose" DEFAULT 'report' NOT NULL;--> statement-breakpoint
ALTER TABLE "incident_photos" ADD COLUMN "uploaded_by_id" uuid;--> statement-breakpoint
ALTER TABLE "incident_photos" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "incident_photos" ADD CONSTRAINT "incident_photos_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_photos" ADD CONSTRAINT "incident_photos_event_id_incident_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."incident_events"("id") ON DELETE no action ON UPDATE no action;
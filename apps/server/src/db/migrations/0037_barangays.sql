CREATE TABLE "barangays" (
	"psgc" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"host" text,
	"boundary" jsonb,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "barangays_psgc_format" CHECK ("barangays"."psgc" ~ '^[0-9]{10}$')
);
--> statement-breakpoint
-- The one barangay this installation served until now (decision 035, section 6): its PSGC code from
-- the settings when it is a valid one, else ten zeros (the supadmin is asked to set it); a fresh
-- database, with no settings yet, gets the same placeholder, named when its settings are made.
INSERT INTO "barangays" ("psgc", "name", "boundary")
SELECT CASE WHEN s."psgc_code" ~ '^[0-9]{10}$' THEN s."psgc_code" ELSE '0000000000' END, s."name", s."boundary" FROM "barangay_settings" s WHERE s."id" = 1
UNION ALL
SELECT '0000000000', 'Barangay', NULL WHERE NOT EXISTS (SELECT 1 FROM "barangay_settings" WHERE "id" = 1);
--> statement-breakpoint
-- Every tenant row's default barangay: the request's (set per transaction in city mode), else the
-- only one there is. With several barangays and none set it is null, and the insert fails on NOT
-- NULL, loudly. Called for each inserted row: in single mode, a read of a one-row table.
CREATE FUNCTION app_current_barangay() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('app.barangay_id', true), ''), (SELECT min("psgc") FROM "barangays" HAVING count(*) = 1))
$$;
--> statement-breakpoint
ALTER TABLE "advisories" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "advisory_opt_ins" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_preferences" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "assistance_alerts" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "assistance_dispatches" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "assistance_requests" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "barangay_settings" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "blotter_amendments" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "blotter_copy_requests" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "blotter_counters" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "blotter_entries" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "blotter_hearings" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "cameras" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "cap_feed_polls" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "cap_received_alerts" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "incident_escalations" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "incident_events" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "incident_photos" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "latest_positions" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_overdue_notices" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "location_points" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "patrol_areas" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "patrol_log_entries" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "patrols" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "phone_verification_codes" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "pin_reset_tokens" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_members" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_gateway_status" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_inbound_events" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_numbers" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_threads" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "tracking_switches" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "two_factor_codes" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicle_drivers" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "barangay_id" text DEFAULT app_current_barangay() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "barangays_host_key" ON "barangays" USING btree ("host");--> statement-breakpoint
ALTER TABLE "advisories" ADD CONSTRAINT "advisories_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "advisory_opt_ins" ADD CONSTRAINT "advisory_opt_ins_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "alert_preferences" ADD CONSTRAINT "alert_preferences_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "assistance_alerts" ADD CONSTRAINT "assistance_alerts_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "assistance_dispatches" ADD CONSTRAINT "assistance_dispatches_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "assistance_requests" ADD CONSTRAINT "assistance_requests_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "barangay_settings" ADD CONSTRAINT "barangay_settings_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "blotter_amendments" ADD CONSTRAINT "blotter_amendments_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "blotter_copy_requests" ADD CONSTRAINT "blotter_copy_requests_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "blotter_counters" ADD CONSTRAINT "blotter_counters_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "blotter_entries" ADD CONSTRAINT "blotter_entries_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "blotter_hearings" ADD CONSTRAINT "blotter_hearings_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "cameras" ADD CONSTRAINT "cameras_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "cap_feed_polls" ADD CONSTRAINT "cap_feed_polls_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "cap_received_alerts" ADD CONSTRAINT "cap_received_alerts_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "incident_escalations" ADD CONSTRAINT "incident_escalations_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "incident_events" ADD CONSTRAINT "incident_events_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "incident_photos" ADD CONSTRAINT "incident_photos_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "latest_positions" ADD CONSTRAINT "latest_positions_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "loan_overdue_notices" ADD CONSTRAINT "loan_overdue_notices_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "location_points" ADD CONSTRAINT "location_points_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "patrol_areas" ADD CONSTRAINT "patrol_areas_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "patrol_log_entries" ADD CONSTRAINT "patrol_log_entries_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "patrols" ADD CONSTRAINT "patrols_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "phone_verification_codes" ADD CONSTRAINT "phone_verification_codes_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "pin_reset_tokens" ADD CONSTRAINT "pin_reset_tokens_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "schedule_members" ADD CONSTRAINT "schedule_members_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sms_gateway_status" ADD CONSTRAINT "sms_gateway_status_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sms_inbound_events" ADD CONSTRAINT "sms_inbound_events_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sms_numbers" ADD CONSTRAINT "sms_numbers_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sms_threads" ADD CONSTRAINT "sms_threads_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "tracking_switches" ADD CONSTRAINT "tracking_switches_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "two_factor_codes" ADD CONSTRAINT "two_factor_codes_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "vehicle_drivers" ADD CONSTRAINT "vehicle_drivers_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_barangay_id_barangays_psgc_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("psgc") ON DELETE no action ON UPDATE cascade;
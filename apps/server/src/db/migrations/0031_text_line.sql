CREATE TYPE "public"."incident_source" AS ENUM('web', 'sms', 'missed_call');--> statement-breakpoint
CREATE TYPE "public"."sms_message_direction" AS ENUM('in', 'out');--> statement-breakpoint
CREATE TYPE "public"."sms_message_kind" AS ENUM('text', 'missed_call');--> statement-breakpoint
CREATE TYPE "public"."sms_thread_status" AS ENUM('open', 'dismissed', 'ticketed', 'blocked');--> statement-breakpoint
CREATE TABLE "sms_gateway_status" (
	"provider" text PRIMARY KEY NOT NULL,
	"last_contact_at" timestamp with time zone,
	"last_heartbeat_at" timestamp with time zone,
	"last_message_at" timestamp with time zone,
	"reported_offline_at" timestamp with time zone,
	"silence_alerted_at" timestamp with time zone,
	"watched_since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_inbound_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sms_inbound_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"direction" "sms_message_direction" NOT NULL,
	"kind" "sms_message_kind" DEFAULT 'text' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"normalized_text" text,
	"sent_by_id" uuid,
	"automatic" boolean DEFAULT false NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_numbers" (
	"phone_number" text PRIMARY KEY NOT NULL,
	"blocked_at" timestamp with time zone,
	"blocked_by_id" uuid,
	"opted_out_at" timestamp with time zone,
	"last_ack_at" timestamp with time zone,
	"dropped_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone_number" text NOT NULL,
	"resident_id" uuid,
	"status" "sms_thread_status" DEFAULT 'open' NOT NULL,
	"incident_id" uuid,
	"has_missed_call" boolean DEFAULT false NOT NULL,
	"received_count" integer DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "source" "incident_source" DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "callback_phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_purok" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_lat" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_lng" double precision;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_thread_id_sms_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."sms_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_numbers" ADD CONSTRAINT "sms_numbers_blocked_by_id_users_id_fk" FOREIGN KEY ("blocked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_threads" ADD CONSTRAINT "sms_threads_resident_id_users_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_threads" ADD CONSTRAINT "sms_threads_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_threads" ADD CONSTRAINT "sms_threads_closed_by_id_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_inbound_events_received_idx" ON "sms_inbound_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "sms_messages_thread_at_idx" ON "sms_messages" USING btree ("thread_id","at");--> statement-breakpoint
CREATE INDEX "sms_messages_phone_at_idx" ON "sms_messages" USING btree ("phone_number","at");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_threads_one_open_key" ON "sms_threads" USING btree ("phone_number") WHERE "sms_threads"."status" = 'open';--> statement-breakpoint
CREATE INDEX "sms_threads_last_message_idx" ON "sms_threads" USING btree ("last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sms_threads_status_last_message_idx" ON "sms_threads" USING btree ("status","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sms_threads_phone_idx" ON "sms_threads" USING btree ("phone_number","last_message_at" DESC NULLS LAST);
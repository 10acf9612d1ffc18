CREATE TYPE "public"."incident_classification" AS ENUM('normal', 'emergency');--> statement-breakpoint
CREATE TYPE "public"."incident_event_kind" AS ENUM('created', 'assigned', 'responded', 'note', 'assistance_requested', 'assistance_decided', 'resolved', 'rejected', 'false_alarm', 'rated');--> statement-breakpoint
CREATE TYPE "public"."incident_status" AS ENUM('pending', 'in_progress', 'resolved', 'rejected', 'false_alarm');--> statement-breakpoint
CREATE TYPE "public"."evaluation_source" AS ENUM('directory', 'ticket');--> statement-breakpoint
CREATE TABLE "incident_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"incident_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"kind" "incident_event_kind" NOT NULL,
	"subject_user_id" uuid,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "incident_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"incident_id" uuid,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket" text NOT NULL,
	"type" text NOT NULL,
	"classification" "incident_classification" NOT NULL,
	"status" "incident_status" DEFAULT 'pending' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"accuracy" double precision,
	"address" text,
	"landmark" text,
	"reporter_id" uuid,
	"reporter_name" text,
	"reporter_phone" text,
	"device_hash" text,
	"responder_id" uuid,
	"responded_at" timestamp with time zone,
	"resolved_by_id" uuid,
	"resolved_at" timestamp with time zone,
	"resolution_log" text,
	"closing_reason" text,
	"possible_duplicate_of_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_verification_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pin_reset_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tanod_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"comment" text NOT NULL,
	"source" "evaluation_source" NOT NULL,
	"incident_id" uuid,
	"resident_id" uuid,
	"reviewer_name" text,
	"device_hash" text,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluations_rating_range" CHECK ("evaluations"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "incident_events" ADD CONSTRAINT "incident_events_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_events" ADD CONSTRAINT "incident_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_events" ADD CONSTRAINT "incident_events_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_photos" ADD CONSTRAINT "incident_photos_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_responder_id_users_id_fk" FOREIGN KEY ("responder_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_possible_duplicate_of_id_incidents_id_fk" FOREIGN KEY ("possible_duplicate_of_id") REFERENCES "public"."incidents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_reset_tokens" ADD CONSTRAINT "pin_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_tanod_id_users_id_fk" FOREIGN KEY ("tanod_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_resident_id_users_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incident_events_incident_at_idx" ON "incident_events" USING btree ("incident_id","at");--> statement-breakpoint
CREATE INDEX "incident_photos_incident_idx" ON "incident_photos" USING btree ("incident_id");--> statement-breakpoint
CREATE INDEX "incident_photos_unclaimed_idx" ON "incident_photos" USING btree ("created_at") WHERE "incident_photos"."incident_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_ticket_key" ON "incidents" USING btree ("ticket");--> statement-breakpoint
CREATE INDEX "incidents_status_created_idx" ON "incidents" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "incidents_created_idx" ON "incidents" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "incidents_open_type_created_idx" ON "incidents" USING btree ("type","created_at") WHERE "incidents"."status" in ('pending', 'in_progress');--> statement-breakpoint
CREATE INDEX "incidents_reporter_idx" ON "incidents" USING btree ("reporter_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "incidents_device_created_idx" ON "incidents" USING btree ("device_hash","created_at");--> statement-breakpoint
CREATE INDEX "phone_verification_codes_phone_idx" ON "phone_verification_codes" USING btree ("phone_number","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pin_reset_tokens_hash_key" ON "pin_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "pin_reset_tokens_user_idx" ON "pin_reset_tokens" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "evaluations_tanod_created_idx" ON "evaluations" USING btree ("tanod_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "evaluations_device_tanod_idx" ON "evaluations" USING btree ("device_hash","tanod_id","created_at");--> statement-breakpoint
CREATE INDEX "evaluations_resident_tanod_idx" ON "evaluations" USING btree ("resident_id","tanod_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluations_ticket_once_key" ON "evaluations" USING btree ("incident_id") WHERE "evaluations"."source" = 'ticket';
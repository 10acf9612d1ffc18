CREATE TYPE "public"."assistance_agency" AS ENUM('PNP', 'BFP', 'Ambulance', 'Other');--> statement-breakpoint
CREATE TYPE "public"."assistance_status" AS ENUM('pending', 'approved', 'rejected', 'deployed', 'completed', 'cancelled');--> statement-breakpoint
CREATE TABLE "incident_escalations" (
	"incident_id" uuid NOT NULL,
	"level" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistance_dispatches" (
	"request_id" uuid NOT NULL,
	"tanod_id" uuid NOT NULL,
	CONSTRAINT "assistance_dispatches_request_id_tanod_id_pk" PRIMARY KEY("request_id","tanod_id")
);
--> statement-breakpoint
CREATE TABLE "assistance_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"incident_id" uuid,
	"requester_id" uuid NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"accuracy" double precision,
	"reason" text NOT NULL,
	"status" "assistance_status" DEFAULT 'pending' NOT NULL,
	"decided_by_id" uuid,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"agency" "assistance_agency",
	"agency_reference" text,
	"deployed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cameras" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"viewing_url" text,
	"owner_contact" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "incident_escalations" ADD CONSTRAINT "incident_escalations_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistance_dispatches" ADD CONSTRAINT "assistance_dispatches_request_id_assistance_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."assistance_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistance_dispatches" ADD CONSTRAINT "assistance_dispatches_tanod_id_users_id_fk" FOREIGN KEY ("tanod_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistance_requests" ADD CONSTRAINT "assistance_requests_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistance_requests" ADD CONSTRAINT "assistance_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistance_requests" ADD CONSTRAINT "assistance_requests_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "incident_escalations_incident_level_key" ON "incident_escalations" USING btree ("incident_id","level");--> statement-breakpoint
CREATE INDEX "assistance_dispatches_tanod_idx" ON "assistance_dispatches" USING btree ("tanod_id");--> statement-breakpoint
CREATE INDEX "assistance_requests_created_idx" ON "assistance_requests" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "assistance_requests_open_idx" ON "assistance_requests" USING btree ("created_at" DESC NULLS LAST) WHERE "assistance_requests"."status" in ('pending', 'approved', 'deployed');--> statement-breakpoint
CREATE INDEX "assistance_requests_incident_idx" ON "assistance_requests" USING btree ("incident_id");--> statement-breakpoint
CREATE INDEX "assistance_requests_requester_idx" ON "assistance_requests" USING btree ("requester_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_one_active_per_responder_key" ON "incidents" USING btree ("responder_id") WHERE "incidents"."status" = 'in_progress';--> statement-breakpoint
CREATE INDEX "incidents_responder_idx" ON "incidents" USING btree ("responder_id","created_at" DESC NULLS LAST);
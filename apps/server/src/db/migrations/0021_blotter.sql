CREATE TABLE "blotter_amendments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"reason" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"author_id" uuid,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blotter_copy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"requester_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by_id" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blotter_copy_requests_status_check" CHECK ("blotter_copy_requests"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "blotter_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blotter_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"incident_id" uuid,
	"occurred_at" timestamp with time zone NOT NULL,
	"place" text NOT NULL,
	"nature" text NOT NULL,
	"complainants" jsonb NOT NULL,
	"respondents" jsonb NOT NULL,
	"narrative" text NOT NULL,
	"action_taken" text NOT NULL,
	"status" text NOT NULL,
	"referred_to" text,
	"original" jsonb NOT NULL,
	"party_phones" text[] DEFAULT '{}'::text[] NOT NULL,
	"confidential" boolean DEFAULT false NOT NULL,
	"recorded_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blotter_entries_status_check" CHECK ("blotter_entries"."status" in ('recorded', 'referred', 'settled', 'closed')),
	CONSTRAINT "blotter_entries_referral_check" CHECK (("blotter_entries"."status" = 'referred') = ("blotter_entries"."referred_to" is not null))
);
--> statement-breakpoint
CREATE TABLE "blotter_hearings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"mediator_id" uuid NOT NULL,
	"outcome" text,
	"terms" text,
	"outcome_at" timestamp with time zone,
	"outcome_by_id" uuid,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blotter_hearings_outcome_check" CHECK ("blotter_hearings"."outcome" is null or "blotter_hearings"."outcome" in ('settled', 'no_show', 'certificate_to_file_action'))
);
--> statement-breakpoint
ALTER TABLE "barangay_settings" ADD COLUMN "punong_barangay" text;--> statement-breakpoint
ALTER TABLE "barangay_settings" ADD COLUMN "barangay_secretary" text;--> statement-breakpoint
ALTER TABLE "blotter_amendments" ADD CONSTRAINT "blotter_amendments_entry_id_blotter_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."blotter_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blotter_amendments" ADD CONSTRAINT "blotter_amendments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blotter_copy_requests" ADD CONSTRAINT "blotter_copy_requests_entry_id_blotter_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."blotter_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blotter_copy_requests" ADD CONSTRAINT "blotter_copy_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blotter_copy_requests" ADD CONSTRAINT "blotter_copy_requests_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blotter_entries" ADD CONSTRAINT "blotter_entries_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blotter_entries" ADD CONSTRAINT "blotter_entries_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blotter_hearings" ADD CONSTRAINT "blotter_hearings_entry_id_blotter_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."blotter_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blotter_hearings" ADD CONSTRAINT "blotter_hearings_mediator_id_users_id_fk" FOREIGN KEY ("mediator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blotter_hearings" ADD CONSTRAINT "blotter_hearings_outcome_by_id_users_id_fk" FOREIGN KEY ("outcome_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blotter_hearings" ADD CONSTRAINT "blotter_hearings_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blotter_amendments_entry_sequence_key" ON "blotter_amendments" USING btree ("entry_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "blotter_copy_requests_open_key" ON "blotter_copy_requests" USING btree ("entry_id","requester_id") WHERE "blotter_copy_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "blotter_copy_requests_status_idx" ON "blotter_copy_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "blotter_copy_requests_requester_idx" ON "blotter_copy_requests" USING btree ("requester_id","entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blotter_entries_year_sequence_key" ON "blotter_entries" USING btree ("year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "blotter_entries_number_key" ON "blotter_entries" USING btree ("number");--> statement-breakpoint
CREATE INDEX "blotter_entries_created_idx" ON "blotter_entries" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blotter_entries_incident_idx" ON "blotter_entries" USING btree ("incident_id");--> statement-breakpoint
CREATE INDEX "blotter_entries_party_phones_idx" ON "blotter_entries" USING gin ("party_phones");--> statement-breakpoint
CREATE INDEX "blotter_hearings_scheduled_idx" ON "blotter_hearings" USING btree ("scheduled_at");--> statement-breakpoint
CREATE INDEX "blotter_hearings_entry_idx" ON "blotter_hearings" USING btree ("entry_id","scheduled_at");
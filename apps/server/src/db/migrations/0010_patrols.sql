CREATE TYPE "public"."patrol_attendance" AS ENUM('on_time', 'late', 'absent');--> statement-breakpoint
CREATE TYPE "public"."schedule_shift" AS ENUM('day', 'night', 'custom');--> statement-breakpoint
CREATE TABLE "latest_positions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"patrol_id" uuid,
	"at" timestamp with time zone NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"accuracy" double precision,
	"speed" double precision,
	"heading" double precision
);
--> statement-breakpoint
CREATE TABLE "location_points" (
	"user_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"patrol_id" uuid,
	"received_at" timestamp with time zone NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"accuracy" double precision,
	"speed" double precision,
	"heading" double precision,
	CONSTRAINT "location_points_user_id_at_pk" PRIMARY KEY("user_id","at")
);
--> statement-breakpoint
CREATE TABLE "patrol_areas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"polygon" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patrol_log_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patrol_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"text" text NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"accuracy" double precision
);
--> statement-breakpoint
CREATE TABLE "patrols" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schedule_id" uuid NOT NULL,
	"tanod_id" uuid NOT NULL,
	"attendance" "patrol_attendance" NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"start_lat" double precision,
	"start_lng" double precision,
	"start_accuracy" double precision,
	"end_lat" double precision,
	"end_lng" double precision,
	"end_accuracy" double precision,
	"outside_since" timestamp with time zone,
	"outside_alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_members" (
	"schedule_id" uuid NOT NULL,
	"tanod_id" uuid NOT NULL,
	"is_leader" boolean DEFAULT false NOT NULL,
	CONSTRAINT "schedule_members_schedule_id_tanod_id_pk" PRIMARY KEY("schedule_id","tanod_id")
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"shift" "schedule_shift" NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"patrol_area_id" uuid NOT NULL,
	"series_id" uuid,
	"notes" text,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_switches" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"switched_on_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "latest_positions" ADD CONSTRAINT "latest_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "latest_positions" ADD CONSTRAINT "latest_positions_patrol_id_patrols_id_fk" FOREIGN KEY ("patrol_id") REFERENCES "public"."patrols"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_points" ADD CONSTRAINT "location_points_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_points" ADD CONSTRAINT "location_points_patrol_id_patrols_id_fk" FOREIGN KEY ("patrol_id") REFERENCES "public"."patrols"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_log_entries" ADD CONSTRAINT "patrol_log_entries_patrol_id_patrols_id_fk" FOREIGN KEY ("patrol_id") REFERENCES "public"."patrols"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrols" ADD CONSTRAINT "patrols_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrols" ADD CONSTRAINT "patrols_tanod_id_users_id_fk" FOREIGN KEY ("tanod_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_members" ADD CONSTRAINT "schedule_members_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_members" ADD CONSTRAINT "schedule_members_tanod_id_users_id_fk" FOREIGN KEY ("tanod_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_patrol_area_id_patrol_areas_id_fk" FOREIGN KEY ("patrol_area_id") REFERENCES "public"."patrol_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_switches" ADD CONSTRAINT "tracking_switches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_points_patrol_idx" ON "location_points" USING btree ("patrol_id","at");--> statement-breakpoint
CREATE INDEX "location_points_at_idx" ON "location_points" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_areas_name_key" ON "patrol_areas" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "patrol_log_entries_patrol_idx" ON "patrol_log_entries" USING btree ("patrol_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "patrols_schedule_tanod_key" ON "patrols" USING btree ("schedule_id","tanod_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patrols_one_active_per_tanod_key" ON "patrols" USING btree ("tanod_id") WHERE "patrols"."started_at" is not null and "patrols"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "patrols_tanod_started_idx" ON "patrols" USING btree ("tanod_id","started_at");--> statement-breakpoint
CREATE INDEX "schedule_members_tanod_idx" ON "schedule_members" USING btree ("tanod_id");--> statement-breakpoint
CREATE UNIQUE INDEX "schedules_code_key" ON "schedules" USING btree ("code");--> statement-breakpoint
CREATE INDEX "schedules_starts_at_idx" ON "schedules" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "schedules_ends_at_idx" ON "schedules" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "schedules_area_starts_at_idx" ON "schedules" USING btree ("patrol_area_id","starts_at");--> statement-breakpoint
CREATE INDEX "schedules_series_idx" ON "schedules" USING btree ("series_id");
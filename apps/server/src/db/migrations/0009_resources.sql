CREATE TYPE "public"."inventory_category" AS ENUM('communication', 'lighting', 'protection', 'rain_gear', 'first_aid', 'tools', 'other');--> statement-breakpoint
CREATE TYPE "public"."return_condition" AS ENUM('good', 'damaged', 'lost');--> statement-breakpoint
CREATE TYPE "public"."trip_status" AS ENUM('pending', 'approved', 'rejected', 'completed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."vehicle_condition" AS ENUM('good', 'needs_cleaning', 'needs_repair', 'damaged');--> statement-breakpoint
CREATE TYPE "public"."vehicle_status" AS ENUM('available', 'maintenance', 'out_of_service');--> statement-breakpoint
CREATE TYPE "public"."vehicle_type" AS ENUM('car', 'pickup', 'van', 'motorcycle', 'tricycle', 'ambulance', 'other');--> statement-breakpoint
CREATE TABLE "inventory_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"category" "inventory_category" NOT NULL,
	"total" integer NOT NULL,
	"low_stock_threshold" integer DEFAULT 1 NOT NULL,
	"image" text,
	"notes" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_items_total_check" CHECK ("inventory_items"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loan_overdue_notices" (
	"loan_id" uuid NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_overdue_notices_loan_id_day_pk" PRIMARY KEY("loan_id","day")
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"borrower_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"borrowed_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"returned_at" timestamp with time zone,
	"return_condition" "return_condition",
	"notes" text,
	"return_notes" text,
	"issued_by_id" uuid,
	"received_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loans_quantity_check" CHECK ("loans"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"requester_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"destination" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"start_odometer" integer NOT NULL,
	"end_odometer" integer,
	"status" "trip_status" DEFAULT 'pending' NOT NULL,
	"decided_by_id" uuid,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"ended_at" timestamp with time zone,
	"condition" "vehicle_condition",
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trips_period_check" CHECK ("trips"."ends_at" > "trips"."starts_at"),
	CONSTRAINT "trips_odometer_check" CHECK ("trips"."end_odometer" is null or "trips"."end_odometer" > "trips"."start_odometer")
);
--> statement-breakpoint
CREATE TABLE "vehicle_drivers" (
	"vehicle_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "vehicle_drivers_vehicle_id_user_id_pk" PRIMARY KEY("vehicle_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" "vehicle_type" NOT NULL,
	"plate" text NOT NULL,
	"model" text,
	"year" integer,
	"colour" text,
	"odometer" integer DEFAULT 0 NOT NULL,
	"status" "vehicle_status" DEFAULT 'available' NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loan_overdue_notices" ADD CONSTRAINT "loan_overdue_notices_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_borrower_id_users_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_issued_by_id_users_id_fk" FOREIGN KEY ("issued_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_received_by_id_users_id_fk" FOREIGN KEY ("received_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_drivers" ADD CONSTRAINT "vehicle_drivers_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_drivers" ADD CONSTRAINT "vehicle_drivers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_items_name_key" ON "inventory_items" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "loans_open_item_idx" ON "loans" USING btree ("item_id") WHERE "loans"."returned_at" is null;--> statement-breakpoint
CREATE INDEX "loans_open_due_idx" ON "loans" USING btree ("due_at") WHERE "loans"."returned_at" is null;--> statement-breakpoint
CREATE INDEX "loans_borrower_idx" ON "loans" USING btree ("borrower_id","borrowed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loans_borrowed_at_idx" ON "loans" USING btree ("borrowed_at");--> statement-breakpoint
CREATE INDEX "trips_vehicle_starts_idx" ON "trips" USING btree ("vehicle_id","starts_at");--> statement-breakpoint
CREATE INDEX "trips_requester_starts_idx" ON "trips" USING btree ("requester_id","starts_at");--> statement-breakpoint
CREATE INDEX "trips_status_starts_idx" ON "trips" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "vehicle_drivers_user_idx" ON "vehicle_drivers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_plate_key" ON "vehicles" USING btree ("plate");
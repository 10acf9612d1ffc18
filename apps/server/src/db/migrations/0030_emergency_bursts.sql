ALTER TABLE "incidents" ADD COLUMN "burst" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "burst_group_id" uuid;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "burst_summarized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_burst_group_id_incidents_id_fk" FOREIGN KEY ("burst_group_id") REFERENCES "public"."incidents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incidents_burst_pending_idx" ON "incidents" USING btree ("created_at") WHERE "incidents"."burst_group_id" is not null and "incidents"."burst_summarized_at" is null;--> statement-breakpoint
CREATE INDEX "incidents_burst_summarized_idx" ON "incidents" USING btree ("burst_summarized_at") WHERE "incidents"."burst_summarized_at" is not null;
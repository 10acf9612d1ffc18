DROP INDEX "location_points_patrol_idx";--> statement-breakpoint
CREATE INDEX "location_points_patrol_idx" ON "location_points" USING btree ("patrol_id","at","lat","lng");
ALTER TABLE "patrols" ADD COLUMN "distance_meters" double precision;--> statement-breakpoint
CREATE INDEX "incidents_responded_at_idx" ON "incidents" USING btree ("responded_at") WHERE "incidents"."responded_at" is not null;--> statement-breakpoint
CREATE INDEX "incidents_resolved_at_idx" ON "incidents" USING btree ("resolved_at") WHERE "incidents"."resolved_at" is not null;--> statement-breakpoint
-- Patrols that ended before the column existed: their tracks no longer change.
UPDATE "patrols" p SET "distance_meters" = (
  SELECT coalesce(sum(2 * 6371008.8 * asin(sqrt(
    power(sin(radians(lat - prev_lat) / 2), 2) +
    cos(radians(prev_lat)) * cos(radians(lat)) * power(sin(radians(lng - prev_lng) / 2), 2)
  ))), 0)
  FROM (
    SELECT lat, lng, lag(lat) OVER (ORDER BY at) AS prev_lat, lag(lng) OVER (ORDER BY at) AS prev_lng
    FROM "location_points" WHERE patrol_id = p.id
  ) AS steps
  WHERE prev_lat IS NOT NULL
) WHERE p."ended_at" IS NOT NULL;

ALTER TABLE "trips" ADD COLUMN "destination_lat" double precision;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "destination_lng" double precision;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_destination_point_check" CHECK (("trips"."destination_lat" is null) = ("trips"."destination_lng" is null));
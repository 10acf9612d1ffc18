ALTER TABLE "blotter_copy_requests" DROP CONSTRAINT "blotter_copy_requests_requester_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "blotter_copy_requests" ALTER COLUMN "requester_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "blotter_copy_requests" ADD CONSTRAINT "blotter_copy_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
CREATE TABLE "assistance_alerts" (
	"request_id" uuid NOT NULL,
	"tanod_id" uuid NOT NULL,
	CONSTRAINT "assistance_alerts_request_id_tanod_id_pk" PRIMARY KEY("request_id","tanod_id")
);
--> statement-breakpoint
ALTER TABLE "assistance_alerts" ADD CONSTRAINT "assistance_alerts_request_id_assistance_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."assistance_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistance_alerts" ADD CONSTRAINT "assistance_alerts_tanod_id_users_id_fk" FOREIGN KEY ("tanod_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
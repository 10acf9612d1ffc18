-- A push subscription now belongs to the session that registered it (decision 017). Rows from
-- before knew only their person. One is tied to that person's live session with the same browser
-- (user agent) when there is exactly one such session: the browser that subscribed is then known
-- for certain. The others are deleted rather than guessed at: tied to the wrong session, a phone
-- would keep getting alerts after its own session ended. Their browsers register again, tied to
-- their session, on the next visit of the same person (apps/web/src/lib/push-session.ts).
ALTER TABLE "push_subscriptions" ADD COLUMN "session_id" uuid;--> statement-breakpoint
UPDATE "push_subscriptions" p SET "session_id" = (
  SELECT min(s."id"::text)::uuid FROM "sessions" s
  WHERE s."user_id" = p."user_id" AND s."revoked_at" IS NULL AND s."expires_at" > now() AND s."user_agent" = p."user_agent"
  HAVING count(*) = 1
);--> statement-breakpoint
DELETE FROM "push_subscriptions" WHERE "session_id" IS NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ALTER COLUMN "session_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_session_idx" ON "push_subscriptions" USING btree ("session_id");

CREATE TYPE "public"."account_language" AS ENUM('en', 'fil');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" "account_language";
-- Login throttle keyed per username and client address (issue 8): old per-username rows are dropped.
DELETE FROM "login_attempts";--> statement-breakpoint
ALTER TABLE "login_attempts" RENAME COLUMN "username" TO "key";--> statement-breakpoint
-- Bumped on logout and password change: access tokens carrying an older value are refused.
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;

-- Issue 21. History of deleted tasks and projects stays visible to their last members: who could see the
-- record when it was deleted. Account-wide login budget: the lock count doubles the next lock.
CREATE TABLE "retired_record_viewers" (
	"entity_type" text NOT NULL,
	"entity_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "retired_record_viewers_pk" PRIMARY KEY("entity_type","entity_id","user_id")
);--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "locks" integer DEFAULT 0 NOT NULL;

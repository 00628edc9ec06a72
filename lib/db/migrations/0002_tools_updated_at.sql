ALTER TABLE "tools" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Tools that existed before this column last changed, as far as anything recorded says, when they were added.
UPDATE "tools" SET "updated_at" = "created_at";

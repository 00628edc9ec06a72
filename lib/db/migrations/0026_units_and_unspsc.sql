ALTER TABLE "tools" ADD COLUMN "unit_of_measure" text DEFAULT 'C62' NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "unspsc" text;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_unit_of_measure_format" CHECK ("tools"."unit_of_measure" ~ '^[A-Z0-9]{2,3}$');--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_unspsc_format" CHECK ("tools"."unspsc" ~ '^[0-9]{8}$');
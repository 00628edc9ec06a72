CREATE SEQUENCE "public"."tool_sku_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "sku" text;--> statement-breakpoint
-- Existing tools get the part number the shop assigns a new tool that comes without one (lib/db/sku.ts): the
-- name's first word, upper-case, and the sequence's next number, so every one is unique.
UPDATE "tools" SET "sku" = upper(left(coalesce(substring("name" from '[A-Za-z]{2,}'), 'TOOL'), 10)) || '-' || nextval('tool_sku_seq');--> statement-breakpoint
ALTER TABLE "tools" ALTER COLUMN "sku" SET DEFAULT 'TOOL-' || nextval('tool_sku_seq');--> statement-breakpoint
ALTER TABLE "tools" ALTER COLUMN "sku" SET NOT NULL;--> statement-breakpoint
-- Orders placed before keep the part number their tool has now.
ALTER TABLE "orders" ADD COLUMN "sku" text;--> statement-breakpoint
UPDATE "orders" SET "sku" = "tools"."sku" FROM "tools" WHERE "tools"."id" = "orders"."tool_id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "sku" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "price_breaks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tools_sku_active_idx" ON "tools" USING btree ("sku") WHERE "tools"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "tools_sku_prefix_idx" ON "tools" USING btree ("sku" text_pattern_ops);--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_sku_format" CHECK ("tools"."sku" ~ '^[A-Z0-9-]{3,32}$');--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_price_breaks_shape" CHECK (jsonb_typeof("tools"."price_breaks") = 'array' AND jsonb_array_length("tools"."price_breaks") <= 5);

ALTER TABLE "orders" ADD COLUMN "shipped_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- An order already marked shipped shipped all of it: whatever it had back-ordered went with it.
UPDATE "orders" SET "shipped_quantity" = "quantity", "back_ordered" = 0 WHERE "shipped";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_shipped_only_when_paid";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "shipped";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped" boolean GENERATED ALWAYS AS ("shipped_quantity" = "quantity") STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipped_range" CHECK ("shipped_quantity" BETWEEN 0 AND "quantity" - "back_ordered");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipped_only_when_paid" CHECK ("shipped_quantity" = 0 OR "paid");--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"checkout_id" uuid REFERENCES "checkouts"("id"),
	"carrier" text,
	"tracking_number" text,
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_number_unique" UNIQUE("number")
);--> statement-breakpoint
CREATE INDEX "shipments_checkout_idx" ON "shipments" USING btree ("checkout_id");--> statement-breakpoint
CREATE TABLE "shipment_lines" (
	"shipment_id" uuid NOT NULL REFERENCES "shipments"("id") ON DELETE CASCADE,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"quantity" integer NOT NULL,
	CONSTRAINT "shipment_lines_pk" PRIMARY KEY("shipment_id","order_id"),
	CONSTRAINT "shipment_lines_quantity_positive" CHECK ("quantity" >= 1)
);--> statement-breakpoint
CREATE INDEX "shipment_lines_order_idx" ON "shipment_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_back_ordered_idx" ON "orders" USING btree ("tool_id","created_at") WHERE "back_ordered" > 0;

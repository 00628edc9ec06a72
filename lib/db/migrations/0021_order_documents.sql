-- Every order line belongs to one order document (the table keeps its name, checkouts): an order placed alone
-- becomes a document of one line, with its own C-number, its payments, intents, invoices and shipments moved onto it.
ALTER TABLE "checkouts" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "user_name" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "phone" text;--> statement-breakpoint
WITH lone AS MATERIALIZED (
  SELECT id AS order_id, gen_random_uuid() AS document_id, user_id, total_cents, transaction_id, created_at
  FROM "orders" WHERE "checkout_id" IS NULL
), documents AS (
  INSERT INTO "checkouts" ("id", "user_id", "total_cents", "transaction_id", "created_at")
  SELECT document_id, user_id, total_cents, transaction_id, created_at FROM lone ORDER BY created_at, order_id
  RETURNING "id", "number"
)
UPDATE "orders" SET "checkout_id" = documents.id, "checkout_number" = documents.number
FROM lone JOIN documents ON documents.id = lone.document_id
WHERE "orders"."id" = lone.order_id;--> statement-breakpoint
UPDATE "checkouts" SET "email" = line.email, "user_name" = line.user_name, "address" = line.address, "phone" = line.phone
FROM (SELECT DISTINCT ON ("checkout_id") "checkout_id", "email", "user_name", "address", "phone"
      FROM "orders" ORDER BY "checkout_id", "number") AS line
WHERE line.checkout_id = "checkouts"."id";--> statement-breakpoint
-- A document with no line left (cancelled before this migration) is gone already; every other one has its buyer.
ALTER TABLE "checkouts" ALTER COLUMN "email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ALTER COLUMN "user_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ALTER COLUMN "address" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ALTER COLUMN "phone" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "checkout_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "checkout_number" SET NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_transaction_id_unique";--> statement-breakpoint
-- Money, intents and invoices of a line move to its document; rows of lines cancelled long ago keep their order id.
UPDATE "payments" SET "checkout_id" = o.checkout_id, "order_id" = NULL
FROM "orders" o WHERE "payments"."order_id" = o.id;--> statement-breakpoint
UPDATE "payment_intents" SET "checkout_id" = o.checkout_id, "order_id" = NULL
FROM "orders" o WHERE "payment_intents"."order_id" = o.id;--> statement-breakpoint
UPDATE "invoices" SET "checkout_id" = o.checkout_id, "order_id" = NULL
FROM "orders" o WHERE "invoices"."order_id" = o.id;--> statement-breakpoint
UPDATE "shipments" SET "checkout_id" = o.checkout_id
FROM "shipment_lines" sl JOIN "orders" o ON o.id = sl.order_id
WHERE sl.shipment_id = "shipments"."id" AND "shipments"."checkout_id" IS NULL;--> statement-breakpoint
-- An order on net terms ships before it is paid: the service decides (paid, or invoiced on terms).
ALTER TABLE "orders" DROP CONSTRAINT "orders_shipped_only_when_paid";

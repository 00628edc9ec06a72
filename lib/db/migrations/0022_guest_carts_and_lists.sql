CREATE TABLE "guest_carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone DEFAULT now() + interval '30 days' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "guest_carts_expires_idx" ON "guest_carts" USING btree ("expires_at");
--> statement-breakpoint
CREATE TABLE "guest_cart_lines" (
	"guest_cart_id" uuid NOT NULL,
	"tool_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_cart_lines_guest_cart_id_tool_id_pk" PRIMARY KEY("guest_cart_id","tool_id"),
	CONSTRAINT "guest_cart_lines_quantity_positive" CHECK ("guest_cart_lines"."quantity" >= 1)
);
--> statement-breakpoint
ALTER TABLE "guest_cart_lines" ADD CONSTRAINT "guest_cart_lines_guest_cart_id_guest_carts_id_fk" FOREIGN KEY ("guest_cart_id") REFERENCES "public"."guest_carts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "guest_cart_lines" ADD CONSTRAINT "guest_cart_lines_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lists" ADD CONSTRAINT "lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "lists_user_idx" ON "lists" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE TABLE "list_lines" (
	"list_id" uuid NOT NULL,
	"tool_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "list_lines_list_id_tool_id_pk" PRIMARY KEY("list_id","tool_id"),
	CONSTRAINT "list_lines_quantity_positive" CHECK ("list_lines"."quantity" >= 1)
);
--> statement-breakpoint
ALTER TABLE "list_lines" ADD CONSTRAINT "list_lines_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "list_lines" ADD CONSTRAINT "list_lines_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;

-- Online payment (issue 17, decision 030): each online order's payment, the gateway's payments and refunds,
-- webhook events by id, the local gateway's own tables, and the order status awaiting-payment.
CREATE TABLE "gateway_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"gateway_order_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"status" text NOT NULL,
	"method" text,
	"error_description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_payments_status" CHECK ("gateway_payments"."status" IN ('created', 'authorized', 'captured', 'refunded', 'failed')),
	CONSTRAINT "gateway_payments_amount" CHECK ("gateway_payments"."amount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "local_gateway_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"amount_paise" integer NOT NULL,
	"receipt" text NOT NULL,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_gateway_orders_status" CHECK ("local_gateway_orders"."status" IN ('created', 'attempted', 'paid')),
	CONSTRAINT "local_gateway_orders_amount" CHECK ("local_gateway_orders"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "local_gateway_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"error_description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_gateway_payments_status" CHECK ("local_gateway_payments"."status" IN ('captured', 'refunded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "local_gateway_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"receipt" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_gateway_refunds_status" CHECK ("local_gateway_refunds"."status" IN ('pending', 'processed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "local_gateway_webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"method" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"state" text DEFAULT 'awaiting' NOT NULL,
	"gateway_order_id" text,
	"claimed_until" timestamp with time zone,
	"hold_until" timestamp with time zone NOT NULL,
	"paid_payment_id" text,
	"paid_at" timestamp with time zone,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_gateway" CHECK ("order_payments"."gateway" IN ('local', 'razorpay')),
	CONSTRAINT "order_payments_method" CHECK ("order_payments"."method" IN ('upi', 'card')),
	CONSTRAINT "order_payments_amount" CHECK ("order_payments"."amount_paise" > 0),
	CONSTRAINT "order_payments_state" CHECK ("order_payments"."state" IN ('awaiting', 'pending', 'paid', 'failed', 'expired')),
	CONSTRAINT "order_payments_paid" CHECK ("order_payments"."state" <> 'paid' OR ("order_payments"."paid_payment_id" IS NOT NULL AND "order_payments"."paid_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"gateway_refund_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount" CHECK ("refunds"."amount_paise" > 0),
	CONSTRAINT "refunds_reason" CHECK ("refunds"."reason" IN ('cancelled', 'late-payment', 'double-payment', 'amount-mismatch')),
	CONSTRAINT "refunds_state" CHECK ("refunds"."state" IN ('requested', 'pending', 'processed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status";--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD CONSTRAINT "gateway_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_gateway_payments" ADD CONSTRAINT "local_gateway_payments_order_id_local_gateway_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."local_gateway_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_gateway_refunds" ADD CONSTRAINT "local_gateway_refunds_payment_id_local_gateway_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."local_gateway_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_gateway_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."gateway_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gateway_payments_order_idx" ON "gateway_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "local_gateway_payments_order_idx" ON "local_gateway_payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "local_gateway_refunds_receipt_key" ON "local_gateway_refunds" USING btree ("receipt");--> statement-breakpoint
CREATE INDEX "local_gateway_webhooks_due_idx" ON "local_gateway_webhooks" USING btree ("next_attempt_at") WHERE "local_gateway_webhooks"."delivered_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_gateway_order_key" ON "order_payments" USING btree ("gateway_order_id");--> statement-breakpoint
CREATE INDEX "order_payments_open_hold_idx" ON "order_payments" USING btree ("hold_until") WHERE "order_payments"."state" IN ('awaiting', 'pending', 'failed');--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_key" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_gateway_refund_key" ON "refunds" USING btree ("gateway_refund_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status" CHECK ("orders"."status" IN ('awaiting-payment', 'processing', 'dispatched', 'delivered', 'cancelled'));
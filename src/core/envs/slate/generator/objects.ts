/**
 * The e-commerce objects the bundled SLATE library is built from: three per task category of SLATE
 * section 3.2. Neighbouring objects (product, variant, listing) share verbs and field names, which
 * is what makes many tools near-duplicates.
 */

/** How a field's values are drawn and how a user would write them. */
export type FieldKind = 'money' | 'count' | 'percent' | 'date' | 'status' | 'text' | 'email';

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  description: string;
}

export interface ObjectSpec {
  /** snake_case name used in tool names, e.g. `product_variant`. */
  name: string;
  /** Words used in descriptions, e.g. `product variant`. */
  noun: string;
  category: string;
  /** The field that identifies a record, e.g. `variant_id`, and the prefix of its values. */
  idField: string;
  idPrefix: string;
  /** What a user knows it by (a SKU, an order number, an email) and how such values look. */
  key: { name: string; description: string; prefix: string };
  /** Fields of its record, also what updates may change. */
  fields: FieldSpec[];
  /** Objects whose ids its record carries (the first is the parent it is created for). */
  links: string[];
}

const money = (name: string, description: string): FieldSpec => ({ name, kind: 'money', description });
const count = (name: string, description: string): FieldSpec => ({ name, kind: 'count', description });
const percent = (name: string, description: string): FieldSpec => ({ name, kind: 'percent', description });
const date = (name: string, description: string): FieldSpec => ({ name, kind: 'date', description });
const status = (name: string, description: string): FieldSpec => ({ name, kind: 'status', description });
const text = (name: string, description: string): FieldSpec => ({ name, kind: 'text', description });
const email = (name: string, description: string): FieldSpec => ({ name, kind: 'email', description });

export const OBJECTS: ObjectSpec[] = [
  // Product Management
  { name: 'product', noun: 'product', category: 'Product Management', idField: 'product_id', idPrefix: 'P', key: { name: 'sku', description: 'stock keeping unit of the product', prefix: 'SKU' }, fields: [money('price', 'current selling price'), text('title', 'product title'), count('stock_quantity', 'units in stock')], links: ['warehouse', 'catalog_category'] },
  { name: 'product_variant', noun: 'product variant', category: 'Product Management', idField: 'variant_id', idPrefix: 'PV', key: { name: 'variant_sku', description: 'SKU of the variant (size or colour)', prefix: 'VAR' }, fields: [money('price', 'price of this variant'), text('color', 'colour or size label'), count('stock_quantity', 'units of this variant in stock')], links: ['product', 'warehouse'] },
  { name: 'product_listing', noun: 'product listing', category: 'Product Management', idField: 'listing_id', idPrefix: 'L', key: { name: 'listing_url', description: 'storefront URL slug of the listing', prefix: 'listing' }, fields: [text('headline', 'listing headline'), status('visibility', 'whether the listing is visible'), money('price', 'listed price')], links: ['product', 'catalog_category'] },
  // Inventory Management
  { name: 'inventory_level', noun: 'inventory level', category: 'Inventory Management', idField: 'inventory_id', idPrefix: 'INV', key: { name: 'bin_code', description: 'storage bin code of the stock', prefix: 'BIN' }, fields: [count('quantity_on_hand', 'units on hand'), count('reorder_point', 'level that triggers a reorder'), date('last_counted', 'date of the last stock count')], links: ['product', 'warehouse'] },
  { name: 'warehouse', noun: 'warehouse', category: 'Inventory Management', idField: 'warehouse_id', idPrefix: 'WH', key: { name: 'warehouse_code', description: 'short code of the warehouse', prefix: 'WHC' }, fields: [text('location', 'city of the warehouse'), count('capacity_units', 'storage capacity in units'), status('operating_status', 'whether the warehouse is operating')], links: ['shipment_carrier'] },
  { name: 'purchase_order', noun: 'purchase order', category: 'Inventory Management', idField: 'po_id', idPrefix: 'PO', key: { name: 'po_number', description: 'purchase order number from the supplier', prefix: 'PON' }, fields: [count('quantity_ordered', 'units ordered from the supplier'), date('expected_date', 'expected delivery date'), money('total_cost', 'total cost of the order')], links: ['product', 'warehouse'] },
  // Order Processing
  { name: 'order', noun: 'order', category: 'Order Processing', idField: 'order_id', idPrefix: 'O', key: { name: 'order_number', description: 'order number shown to the customer', prefix: 'ORD' }, fields: [money('order_total', 'order total'), status('order_status', 'fulfilment status of the order'), date('order_date', 'date the order was placed')], links: ['customer', 'payment', 'shipment'] },
  { name: 'payment', noun: 'payment', category: 'Order Processing', idField: 'payment_id', idPrefix: 'PAY', key: { name: 'transaction_reference', description: 'reference of the payment transaction', prefix: 'TXN' }, fields: [money('amount', 'amount paid'), status('payment_status', 'whether the payment is captured'), text('method', 'payment method')], links: ['order', 'customer'] },
  { name: 'invoice', noun: 'invoice', category: 'Order Processing', idField: 'invoice_id', idPrefix: 'INVC', key: { name: 'invoice_number', description: 'invoice number', prefix: 'IN' }, fields: [money('amount_due', 'amount still due'), date('due_date', 'payment due date'), status('invoice_status', 'paid or open')], links: ['order', 'customer'] },
  // Shipping & Fulfillment
  { name: 'shipment', noun: 'shipment', category: 'Shipping & Fulfillment', idField: 'shipment_id', idPrefix: 'SH', key: { name: 'tracking_number', description: 'carrier tracking number', prefix: 'TRK' }, fields: [status('delivery_status', 'where the parcel is'), date('estimated_delivery', 'estimated delivery date'), money('shipping_cost', 'cost of shipping')], links: ['order', 'shipment_carrier'] },
  { name: 'shipment_carrier', noun: 'shipping carrier', category: 'Shipping & Fulfillment', idField: 'carrier_id', idPrefix: 'CAR', key: { name: 'carrier_code', description: 'short code of the carrier', prefix: 'CC' }, fields: [text('service_level', 'service level such as express'), money('base_rate', 'base rate per parcel'), count('transit_days', 'typical days in transit')], links: ['warehouse'] },
  { name: 'delivery_slot', noun: 'delivery slot', category: 'Shipping & Fulfillment', idField: 'slot_id', idPrefix: 'DS', key: { name: 'slot_code', description: 'code of the delivery window', prefix: 'SLOT' }, fields: [date('slot_date', 'day of the delivery window'), count('remaining_capacity', 'deliveries still free in the window'), status('slot_status', 'open or full')], links: ['shipment', 'warehouse'] },
  // Pricing & Promotions
  { name: 'promotion', noun: 'promotion', category: 'Pricing & Promotions', idField: 'promotion_id', idPrefix: 'PROMO', key: { name: 'campaign_name', description: 'name of the promotion campaign', prefix: 'CAMP' }, fields: [percent('discount_percentage', 'discount in percent'), date('start_date', 'first day of the promotion'), date('end_date', 'last day of the promotion')], links: ['product', 'catalog_category'] },
  { name: 'coupon', noun: 'coupon', category: 'Pricing & Promotions', idField: 'coupon_id', idPrefix: 'CPN', key: { name: 'coupon_code', description: 'code customers type at checkout', prefix: 'SAVE' }, fields: [money('discount_amount', 'fixed discount of the coupon'), count('usage_limit', 'how many times it can be used'), date('expiry_date', 'last day the coupon is valid')], links: ['promotion', 'customer'] },
  { name: 'price_rule', noun: 'price rule', category: 'Pricing & Promotions', idField: 'rule_id', idPrefix: 'PR', key: { name: 'rule_name', description: 'name of the pricing rule', prefix: 'RULE' }, fields: [money('minimum_price', 'floor price the rule keeps'), percent('markup_percentage', 'markup over cost in percent'), status('rule_status', 'active or paused')], links: ['product', 'catalog_category'] },
  // Subscription Management
  { name: 'subscription', noun: 'subscription', category: 'Subscription Management', idField: 'subscription_id', idPrefix: 'SUB', key: { name: 'subscriber_email', description: 'email of the subscriber', prefix: 'sub' }, fields: [status('subscription_status', 'active, paused or cancelled'), date('next_billing_date', 'date of the next charge'), money('monthly_fee', 'fee per month')], links: ['customer', 'subscription_plan'] },
  { name: 'subscription_plan', noun: 'subscription plan', category: 'Subscription Management', idField: 'plan_id', idPrefix: 'PLAN', key: { name: 'plan_code', description: 'code of the plan', prefix: 'PLN' }, fields: [money('monthly_fee', 'fee per month of the plan'), count('included_items', 'items included per box'), status('plan_status', 'offered or retired')], links: ['product'] },
  { name: 'billing_cycle', noun: 'billing cycle', category: 'Subscription Management', idField: 'cycle_id', idPrefix: 'BC', key: { name: 'cycle_label', description: 'label of the billing period', prefix: 'CYC' }, fields: [date('period_start', 'first day of the period'), date('period_end', 'last day of the period'), money('amount_billed', 'amount billed for the period')], links: ['subscription', 'invoice'] },
  // Customer Service
  { name: 'customer', noun: 'customer', category: 'Customer Service', idField: 'customer_id', idPrefix: 'C', key: { name: 'email', description: 'email address of the customer', prefix: 'cust' }, fields: [text('full_name', 'name of the customer'), count('lifetime_orders', 'number of orders placed'), status('loyalty_tier', 'loyalty tier')], links: ['order'] },
  { name: 'support_ticket', noun: 'support ticket', category: 'Customer Service', idField: 'ticket_id', idPrefix: 'T', key: { name: 'ticket_number', description: 'number of the support ticket', prefix: 'TCK' }, fields: [status('ticket_status', 'open, pending or solved'), text('subject', 'subject of the ticket'), date('opened_on', 'date the ticket was opened')], links: ['customer', 'order'] },
  { name: 'customer_message', noun: 'customer message', category: 'Customer Service', idField: 'message_id', idPrefix: 'MSG', key: { name: 'conversation_ref', description: 'reference of the conversation thread', prefix: 'CONV' }, fields: [text('channel', 'email, chat or phone'), status('read_status', 'read or unread'), date('sent_on', 'date the message was sent')], links: ['customer', 'support_ticket'] },
  // Returns & Refunds
  { name: 'return_request', noun: 'return request', category: 'Returns & Refunds', idField: 'return_id', idPrefix: 'R', key: { name: 'rma_number', description: 'return merchandise authorisation number', prefix: 'RMA' }, fields: [status('return_status', 'requested, received or closed'), text('reason', 'reason given for the return'), date('requested_on', 'date the return was requested')], links: ['order', 'customer'] },
  { name: 'refund', noun: 'refund', category: 'Returns & Refunds', idField: 'refund_id', idPrefix: 'RF', key: { name: 'refund_reference', description: 'reference of the refund', prefix: 'RFR' }, fields: [money('refund_amount', 'amount refunded'), status('refund_status', 'pending or issued'), date('issued_on', 'date the refund was issued')], links: ['order', 'payment'] },
  { name: 'exchange', noun: 'exchange', category: 'Returns & Refunds', idField: 'exchange_id', idPrefix: 'EX', key: { name: 'exchange_reference', description: 'reference of the exchange', prefix: 'EXR' }, fields: [status('exchange_status', 'pending or shipped'), text('replacement_item', 'item sent in exchange'), money('price_difference', 'price difference to settle')], links: ['return_request', 'product'] },
  // Analytics & Reporting
  { name: 'sales_report', noun: 'sales report', category: 'Analytics & Reporting', idField: 'report_id', idPrefix: 'RPT', key: { name: 'report_name', description: 'name of the saved report', prefix: 'report' }, fields: [money('total_revenue', 'revenue in the period'), count('units_sold', 'units sold in the period'), date('generated_on', 'date the report was generated')], links: ['product', 'catalog_category'] },
  { name: 'sales_forecast', noun: 'sales forecast', category: 'Analytics & Reporting', idField: 'forecast_id', idPrefix: 'FC', key: { name: 'forecast_name', description: 'name of the forecast', prefix: 'forecast' }, fields: [count('forecast_units', 'predicted units'), percent('confidence', 'confidence in percent'), date('horizon_end', 'last day the forecast covers')], links: ['product', 'warehouse'] },
  { name: 'traffic_dashboard', noun: 'traffic dashboard', category: 'Analytics & Reporting', idField: 'dashboard_id', idPrefix: 'DB', key: { name: 'dashboard_slug', description: 'slug of the dashboard', prefix: 'dash' }, fields: [count('sessions', 'visitor sessions'), percent('conversion_rate', 'conversion rate in percent'), date('updated_on', 'date of the last refresh')], links: ['product_listing'] },
  // Catalog Management
  { name: 'catalog_category', noun: 'catalog category', category: 'Catalog Management', idField: 'category_id', idPrefix: 'CAT', key: { name: 'category_path', description: 'path of the category in the catalog tree', prefix: 'path' }, fields: [text('category_name', 'display name'), count('product_count', 'products in the category'), status('category_status', 'published or hidden')], links: [] },
  { name: 'product_attribute', noun: 'product attribute', category: 'Catalog Management', idField: 'attribute_id', idPrefix: 'ATT', key: { name: 'attribute_code', description: 'code of the attribute', prefix: 'attr' }, fields: [text('attribute_label', 'label shown to shoppers'), text('value_type', 'type of the values'), status('attribute_status', 'used in filters or not')], links: ['catalog_category'] },
  { name: 'catalog_feed', noun: 'catalog feed', category: 'Catalog Management', idField: 'feed_id', idPrefix: 'FEED', key: { name: 'feed_name', description: 'name of the export feed', prefix: 'feed' }, fields: [count('items_exported', 'items in the last export'), date('last_export', 'date of the last export'), status('feed_status', 'healthy or failing')], links: ['catalog_category'] },
  // Review Management
  { name: 'review', noun: 'product review', category: 'Review Management', idField: 'review_id', idPrefix: 'REV', key: { name: 'review_reference', description: 'reference of the review', prefix: 'RVW' }, fields: [count('rating', 'stars from 1 to 5'), status('moderation_status', 'approved, pending or rejected'), date('posted_on', 'date the review was posted')], links: ['product', 'customer'] },
  { name: 'review_response', noun: 'review response', category: 'Review Management', idField: 'response_id', idPrefix: 'RR', key: { name: 'response_reference', description: 'reference of the response', prefix: 'RSP' }, fields: [text('response_text', 'text of the reply'), status('response_status', 'draft or published'), date('responded_on', 'date of the reply')], links: ['review'] },
  { name: 'rating_summary', noun: 'rating summary', category: 'Review Management', idField: 'summary_id', idPrefix: 'RS', key: { name: 'summary_label', description: 'label of the rating summary', prefix: 'ratings' }, fields: [percent('positive_share', 'share of 4 and 5 star reviews'), count('review_count', 'number of reviews'), date('computed_on', 'date it was computed')], links: ['product'] },
  // Miscellaneous
  { name: 'notification', noun: 'notification', category: 'Miscellaneous', idField: 'notification_id', idPrefix: 'N', key: { name: 'notification_key', description: 'key of the notification template', prefix: 'notice' }, fields: [text('channel', 'email, SMS or push'), status('delivery_state', 'queued, sent or failed'), date('scheduled_for', 'date it goes out')], links: ['customer'] },
  { name: 'store_setting', noun: 'store setting', category: 'Miscellaneous', idField: 'setting_id', idPrefix: 'SET', key: { name: 'setting_key', description: 'key of the setting', prefix: 'setting' }, fields: [text('setting_value', 'current value'), status('scope', 'store or region'), date('changed_on', 'date of the last change')], links: [] },
  { name: 'staff_task', noun: 'staff task', category: 'Miscellaneous', idField: 'task_id', idPrefix: 'TASK', key: { name: 'task_title', description: 'title of the task', prefix: 'todo' }, fields: [email('assignee', 'email of the person it is assigned to'), date('due_on', 'due date'), status('task_status', 'open or done')], links: ['warehouse'] },
];

export const OBJECT_BY_NAME: ReadonlyMap<string, (typeof OBJECTS)[number]> = new Map(OBJECTS.map((object) => [object.name, object]));

-- The admin's inbox reads contact_messages (read_at: first opened; handled_at: dealt with), and a
-- real audit log replaces the sample activity list; admin_users keeps when each admin last opened
-- the notifications, so failed imports and sign-ins after it show as new. The upkeep cron keeps
-- the log bounded (app/models/audit-log.server.ts pruneAuditLog).
-- Featured Hotels order places to stay first (app/lib/business/lodging.ts), then a Bayesian rating with a
-- fixed prior of 50 reviews of 4.0 (featuredScore), with the rating beside it for the star chips:
-- an index on expressions (hand-written at the end, drizzle-kit cannot write one), so no column
-- and no writer keeps a score. Its text must stay the one app/db/schema.ts builds
-- (FEATURED_LODGING_SQL, FEATURED_SCORE_SQL), which the featured query orders by;
-- tests/unit/featured-rank.test.ts checks it. A city's list narrowed to one of its categories
-- reads businesses_city_category_page.
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`action` text NOT NULL,
	`actor` text,
	`address` text,
	`subject` text,
	`detail` text
);
--> statement-breakpoint
CREATE INDEX `audit_log_created` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_action` ON `audit_log` (`action`,`created_at`);--> statement-breakpoint
DROP INDEX `businesses_featured`;--> statement-breakpoint
CREATE INDEX `businesses_city_category_page` ON `businesses` (`country_code`,`city_slug`,`category_slug`,`id`) WHERE is_approved = 1;--> statement-breakpoint
ALTER TABLE `admin_users` ADD `notifications_seen_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `read_at` integer;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `handled_at` integer;--> statement-breakpoint
CREATE INDEX `contact_messages_created` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE INDEX `contact_messages_unread` ON `contact_messages` (`created_at`) WHERE read_at IS NULL;--> statement-breakpoint
CREATE INDEX `businesses_featured_rank` ON `businesses` ((category_slug IN ('hotel', 'hostel', 'youth-hostel', 'motel', 'motor-inn', 'inn', 'japanese-inn', 'budget-japanese-inn', 'ryokan', 'resort', 'resort-hotel', 'boutique-hotel', 'business-hotel', 'budget-hotel', 'capsule-hotel', 'spa-hotel', 'extended-stay-hotel', 'apartment-hotel', 'aparthotel', 'serviced-apartment', 'serviced-accommodation', 'holiday-apartment', 'holiday-apartment-rental', 'holiday-home', 'guest-house', 'guesthouse', 'bed-breakfast', 'bed-and-breakfast', 'homestay', 'farm-stay', 'pension', 'lodge', 'lodging')), ((rating * reviews + 200.0) / (reviews + 50)), `rating`) WHERE is_approved = 1 AND rating > 0;

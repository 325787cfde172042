-- The admin's inbox reads contact_messages (read_at: first opened; handled_at: dealt with), and a
-- real audit log replaces the sample activity list; admin_users keeps when each admin last opened
-- the notifications, so failed imports and sign-ins after it show as new. The upkeep cron keeps
-- the log bounded (app/models/audit-log.server.ts pruneAuditLog).
ALTER TABLE `contact_messages` ADD `read_at` integer;
--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `handled_at` integer;
--> statement-breakpoint
CREATE INDEX `contact_messages_created` ON `contact_messages` (`created_at`);
--> statement-breakpoint
CREATE INDEX `contact_messages_unread` ON `contact_messages` (`created_at`) WHERE read_at IS NULL;
--> statement-breakpoint
ALTER TABLE `admin_users` ADD `notifications_seen_at` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
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
CREATE INDEX `audit_log_created` ON `audit_log` (`created_at`);
--> statement-breakpoint
CREATE INDEX `audit_log_action` ON `audit_log` (`action`,`created_at`);

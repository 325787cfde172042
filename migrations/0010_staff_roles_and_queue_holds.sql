CREATE TABLE `reason_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`text` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `staff_invites` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`invited_by` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_invites_token_hash_unique` ON `staff_invites` (`token_hash`);--> statement-breakpoint
CREATE INDEX `staff_invites_email` ON `staff_invites` (`email`);--> statement-breakpoint
ALTER TABLE `admin_sessions` ADD `address` text;--> statement-breakpoint
ALTER TABLE `admin_sessions` ADD `user_agent` text;--> statement-breakpoint
ALTER TABLE `admin_users` ADD `display_name` text;--> statement-breakpoint
ALTER TABLE `admin_users` ADD `role` text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE `admin_users` ADD `totp_secret` text;--> statement-breakpoint
ALTER TABLE `admin_users` ADD `totp_enabled_at` integer;--> statement-breakpoint
ALTER TABLE `admin_users` ADD `totp_last_step` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `admin_users` ADD `recovery_codes` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `moderation_items` ADD `held_by` integer REFERENCES admin_users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `moderation_items` ADD `held_until` integer;--> statement-breakpoint
CREATE INDEX `moderation_items_decided` ON `moderation_items` (`decided_at`) WHERE decided_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX `moderation_items_held` ON `moderation_items` (`held_by`) WHERE held_by IS NOT NULL;--> statement-breakpoint
CREATE INDEX `audit_log_actor` ON `audit_log` (`actor`,`created_at`);--> statement-breakpoint
-- The reasons the queue offered before administrators could edit them.
INSERT INTO `reason_templates` (`text`, `position`) VALUES
	('This business is already listed in the directory.', 1),
	('We could not verify that this business exists at this address.', 2),
	('The details are incomplete or incorrect: please check the address, position and contact details.', 3),
	('We could not verify that you own or manage this business.', 4),
	('The text or photos break our terms of service.', 5);

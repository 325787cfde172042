CREATE TABLE `dev_mailbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`sent_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dev_mailbox_to` ON `dev_mailbox` (`to_address`,`id`);--> statement-breakpoint
CREATE TABLE `member_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `member_sessions_member` ON `member_sessions` (`member_id`);--> statement-breakpoint
CREATE TABLE `member_sign_in_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`purpose` text DEFAULT 'sign-in' NOT NULL,
	`member_id` integer,
	`email` text NOT NULL,
	`code_hash` text NOT NULL,
	`link_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`failed_attempts` integer DEFAULT 0 NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `member_sign_in_codes_link_hash_unique` ON `member_sign_in_codes` (`link_hash`);--> statement-breakpoint
CREATE INDEX `member_sign_in_codes_email` ON `member_sign_in_codes` (`email`,`id`);--> statement-breakpoint
CREATE INDEX `member_sign_in_codes_member` ON `member_sign_in_codes` (`member_id`);--> statement-breakpoint
CREATE TABLE `members` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`display_name` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `members_email_unique` ON `members` (`email`);
CREATE TABLE `business_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`business_id` integer NOT NULL,
	`from_member_id` integer,
	`from_email` text NOT NULL,
	`to_member_id` integer NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`from_member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`to_member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `business_messages_to` ON `business_messages` (`to_member_id`,`id`);--> statement-breakpoint
CREATE INDEX `business_messages_from` ON `business_messages` (`from_member_id`);--> statement-breakpoint
CREATE INDEX `business_messages_business` ON `business_messages` (`business_id`);--> statement-breakpoint
CREATE TABLE `listing_photos` (
	`key` text PRIMARY KEY NOT NULL,
	`business_id` integer NOT NULL,
	`content_type` text NOT NULL,
	`byte_size` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `listing_photos_business` ON `listing_photos` (`business_id`,`position`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to_address` text NOT NULL,
	`reply_to` text,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`error` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_status` ON `mail_outbox` (`status`,`id`);--> statement-breakpoint
CREATE TABLE `member_passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` integer NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer DEFAULT 0 NOT NULL,
	`transports` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`last_used_at` integer,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `member_passkeys_member` ON `member_passkeys` (`member_id`);--> statement-breakpoint
CREATE TABLE `moderation_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`member_id` integer,
	`business_id` integer,
	`details` text DEFAULT '{}' NOT NULL,
	`flags` text DEFAULT '[]' NOT NULL,
	`reason` text,
	`decided_by` text,
	`decided_at` integer,
	`idempotency_key` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `moderation_items_queue` ON `moderation_items` (`status`,`kind`,`id`);--> statement-breakpoint
CREATE INDEX `moderation_items_member` ON `moderation_items` (`member_id`,`kind`,`id`);--> statement-breakpoint
CREATE INDEX `moderation_items_business` ON `moderation_items` (`business_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `moderation_items_idempotency` ON `moderation_items` (`member_id`,`idempotency_key`) WHERE idempotency_key IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `moderation_items_pending_claim` ON `moderation_items` (`member_id`,`business_id`) WHERE kind = 'claim' AND status = 'pending';--> statement-breakpoint
ALTER TABLE `businesses` ADD `email` text;--> statement-breakpoint
ALTER TABLE `businesses` ADD `submitted_by` integer REFERENCES members(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `businesses` ADD `owner_id` integer REFERENCES members(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `businesses` ADD `owner_fields` text;--> statement-breakpoint
CREATE INDEX `businesses_submitted_by` ON `businesses` (`submitted_by`) WHERE submitted_by IS NOT NULL;--> statement-breakpoint
CREATE INDEX `businesses_owner` ON `businesses` (`owner_id`) WHERE owner_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `businesses_phone` ON `businesses` (`phone`) WHERE phone IS NOT NULL;--> statement-breakpoint
CREATE INDEX `businesses_url` ON `businesses` (`url`) WHERE url IS NOT NULL;--> statement-breakpoint
ALTER TABLE `dev_mailbox` ADD `reply_to` text;
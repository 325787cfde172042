CREATE TABLE `ad_codes` (
	`slot` text PRIMARY KEY NOT NULL,
	`code` text DEFAULT '' NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `admin_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `admin_sessions_user` ON `admin_sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `admin_users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`password_hash` text NOT NULL,
	`salt` text NOT NULL,
	`iterations` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_users_username_unique` ON `admin_users` (`username`);--> statement-breakpoint
CREATE TABLE `app_state` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `businesses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`category` text,
	`type` text,
	`category_slug` text,
	`full_address` text,
	`street` text,
	`city` text,
	`city_slug` text,
	`postal_code` text,
	`country` text,
	`country_code` text,
	`phone` text,
	`latitude` real,
	`longitude` real,
	`rating` real,
	`reviews` integer DEFAULT 0 NOT NULL,
	`reviews_link` text,
	`photo` text,
	`logo` text,
	`located_in` text,
	`working_hours` text,
	`verified` integer DEFAULT false NOT NULL,
	`about` text,
	`place_id` text,
	`time_zone` text,
	`url` text,
	`is_approved` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	`name_folded` text,
	`name_inner_words` text,
	`type_folded` text,
	`category_folded` text,
	`city_folded` text,
	`country_folded` text,
	`search_country_code` text,
	`name_sort` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `businesses_slug_unique` ON `businesses` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `businesses_place_id_unique` ON `businesses` (`place_id`);--> statement-breakpoint
CREATE INDEX `businesses_category_page` ON `businesses` (`category_slug`,`id`) WHERE is_approved = 1;--> statement-breakpoint
CREATE INDEX `businesses_city_page` ON `businesses` (`country_code`,`city_slug`,`id`) WHERE is_approved = 1;--> statement-breakpoint
CREATE INDEX `businesses_featured` ON `businesses` (`rating`,`reviews`) WHERE is_approved = 1;--> statement-breakpoint
CREATE INDEX `businesses_created_at` ON `businesses` (`created_at`);--> statement-breakpoint
CREATE INDEX `businesses_rating` ON `businesses` (`rating`,`id`);--> statement-breakpoint
CREATE INDEX `businesses_reviews` ON `businesses` (`reviews`,`id`);--> statement-breakpoint
CREATE INDEX `businesses_unapproved_category` ON `businesses` (`category_slug`) WHERE is_approved = 0;--> statement-breakpoint
CREATE INDEX `businesses_unapproved_country` ON `businesses` (`country_code`) WHERE is_approved = 0;--> statement-breakpoint
CREATE TABLE `categories` (
	`slug` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`business_count` integer DEFAULT 0 NOT NULL,
	`country_count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `categories_by_count` ON `categories` (`business_count`);--> statement-breakpoint
CREATE TABLE `category_country_counts` (
	`category_slug` text NOT NULL,
	`country_code` text NOT NULL,
	`business_count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`category_slug`, `country_code`)
);
--> statement-breakpoint
CREATE INDEX `category_country_counts_by_country` ON `category_country_counts` (`country_code`,`business_count`);--> statement-breakpoint
CREATE INDEX `category_country_counts_by_category` ON `category_country_counts` (`category_slug`,`business_count`);--> statement-breakpoint
CREATE TABLE `cities` (
	`country_code` text NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`business_count` integer DEFAULT 0 NOT NULL,
	`category_count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`country_code`, `slug`)
);
--> statement-breakpoint
CREATE INDEX `cities_country_by_count` ON `cities` (`country_code`,`business_count`);--> statement-breakpoint
CREATE INDEX `cities_by_count` ON `cities` (`business_count`);--> statement-breakpoint
CREATE INDEX `cities_by_slug` ON `cities` (`slug`);--> statement-breakpoint
CREATE TABLE `city_category_counts` (
	`country_code` text NOT NULL,
	`city_slug` text NOT NULL,
	`category_slug` text NOT NULL,
	`business_count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`country_code`, `city_slug`, `category_slug`)
);
--> statement-breakpoint
CREATE INDEX `city_category_counts_by_count` ON `city_category_counts` (`country_code`,`city_slug`,`business_count`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`company` text,
	`phone` text,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `countries` (
	`code` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`business_count` integer DEFAULT 0 NOT NULL,
	`city_count` integer DEFAULT 0 NOT NULL,
	`category_count` integer DEFAULT 0 NOT NULL,
	`business_count_with_city` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `countries_by_count` ON `countries` (`business_count`);--> statement-breakpoint
CREATE TABLE `directory_totals` (
	`id` integer PRIMARY KEY NOT NULL,
	`business_count` integer DEFAULT 0 NOT NULL,
	`all_business_count` integer DEFAULT 0 NOT NULL,
	`category_count` integer DEFAULT 0 NOT NULL,
	`country_count` integer DEFAULT 0 NOT NULL,
	`city_count` integer DEFAULT 0 NOT NULL,
	`business_count_with_category` integer DEFAULT 0 NOT NULL,
	`business_count_with_city` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `page_anchors` (
	`scope` text NOT NULL,
	`position` integer NOT NULL,
	`business_id` integer NOT NULL,
	PRIMARY KEY(`scope`, `position`)
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL,
	`expires_at` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `site_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text DEFAULT '' NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `upload_job_keys` (
	`job_id` text NOT NULL,
	`key` text NOT NULL,
	PRIMARY KEY(`job_id`, `key`),
	FOREIGN KEY (`job_id`) REFERENCES `upload_jobs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `upload_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`file_name` text NOT NULL,
	`file_size` integer NOT NULL,
	`object_key` text NOT NULL,
	`file_type` text NOT NULL,
	`batch_size` integer DEFAULT 500 NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`cursor` text,
	`progress` text,
	`result` text,
	`error` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	`finished_at` integer,
	`upload_id` text,
	`started_at` integer
);
--> statement-breakpoint
CREATE INDEX `upload_jobs_created` ON `upload_jobs` (`created_at`);
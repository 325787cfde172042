-- Identities (place id, else name + address) already read from a file during its import:
-- lets the consumer count duplicates within the file across resumable steps without holding
-- them in memory. Rows are deleted when the job ends. (WITHOUT ROWID added by hand: drizzle
-- cannot say it; the key is the whole row.)
CREATE TABLE `upload_job_keys` (
	`job_id` text NOT NULL,
	`key` text NOT NULL,
	PRIMARY KEY(`job_id`, `key`)
) WITHOUT ROWID;
--> statement-breakpoint
-- Admin business list at 2,000,000 rows (docs/decisions/031-admin-business-list.md). The admin
-- sees unapproved businesses too, so the partial public indexes (is_approved = 1) cannot serve
-- it: sorting by rating or review count walks these and stops after a page; the category filter
-- walks (category_slug, name).
CREATE INDEX `businesses_rating` ON `businesses` (`rating`,`id`);--> statement-breakpoint
CREATE INDEX `businesses_reviews` ON `businesses` (`reviews`,`id`);--> statement-breakpoint
CREATE INDEX `businesses_category_name` ON `businesses` (`category_slug`,`name`);

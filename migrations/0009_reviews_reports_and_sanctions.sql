CREATE TABLE `member_sanctions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`member_id` integer NOT NULL,
	`level` text NOT NULL,
	`reason` text NOT NULL,
	`ends_at` integer,
	`created_by` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`lifted_at` integer,
	`lifted_by` text,
	`appeal_text` text,
	`appealed_at` integer,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `member_sanctions_member` ON `member_sanctions` (`member_id`,`id`);--> statement-breakpoint
CREATE TABLE `reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`member_id` integer NOT NULL,
	`target_kind` text NOT NULL,
	`target_id` integer NOT NULL,
	`reason` text NOT NULL,
	`note` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_member_target` ON `reports` (`member_id`,`target_kind`,`target_id`);--> statement-breakpoint
CREATE INDEX `reports_target` ON `reports` (`target_kind`,`target_id`);--> statement-breakpoint
CREATE TABLE `review_summaries` (
	`business_id` integer PRIMARY KEY NOT NULL,
	`review_count` integer DEFAULT 0 NOT NULL,
	`rating_sum` integer DEFAULT 0 NOT NULL,
	`stars_1` integer DEFAULT 0 NOT NULL,
	`stars_2` integer DEFAULT 0 NOT NULL,
	`stars_3` integer DEFAULT 0 NOT NULL,
	`stars_4` integer DEFAULT 0 NOT NULL,
	`stars_5` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`business_id` integer NOT NULL,
	`member_id` integer NOT NULL,
	`rating` integer NOT NULL,
	`title` text,
	`text` text NOT NULL,
	`text_key` text NOT NULL,
	`visited_on` text,
	`trip_type` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`pending_edit` text,
	`reason` text,
	`report_count` integer DEFAULT 0 NOT NULL,
	`reply_text` text,
	`reply_pending_text` text,
	`reply_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_member_business` ON `reviews` (`member_id`,`business_id`);--> statement-breakpoint
CREATE INDEX `reviews_business_published` ON `reviews` (`business_id`,`id`) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX `reviews_business_rating` ON `reviews` (`business_id`,`rating`,`id`) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX `reviews_business_created` ON `reviews` (`business_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_text_key` ON `reviews` (`text_key`);--> statement-breakpoint
-- A business's published reviews summed, kept by these triggers alone (as the directory's counts
-- are, decision 114): one row per reviewed business, added to and taken from by a view.
CREATE VIEW `review_delta` AS SELECT 0 AS business_id, 0 AS rating, 0 AS delta WHERE 0;--> statement-breakpoint
CREATE TRIGGER review_delta_apply INSTEAD OF INSERT ON review_delta
BEGIN
  INSERT INTO review_summaries (business_id, review_count, rating_sum, stars_1, stars_2, stars_3, stars_4, stars_5)
  VALUES (NEW.business_id, NEW.delta, NEW.delta * NEW.rating,
    NEW.delta * (NEW.rating = 1), NEW.delta * (NEW.rating = 2), NEW.delta * (NEW.rating = 3), NEW.delta * (NEW.rating = 4), NEW.delta * (NEW.rating = 5))
  ON CONFLICT (business_id) DO UPDATE SET review_count = review_count + excluded.review_count, rating_sum = rating_sum + excluded.rating_sum,
    stars_1 = stars_1 + excluded.stars_1, stars_2 = stars_2 + excluded.stars_2, stars_3 = stars_3 + excluded.stars_3,
    stars_4 = stars_4 + excluded.stars_4, stars_5 = stars_5 + excluded.stars_5;
  DELETE FROM review_summaries WHERE business_id = NEW.business_id AND review_count <= 0;
END;--> statement-breakpoint
CREATE TRIGGER reviews_ai_summary AFTER INSERT ON reviews WHEN NEW.status = 'published'
BEGIN
  INSERT INTO review_delta VALUES (NEW.business_id, NEW.rating, 1);
END;--> statement-breakpoint
CREATE TRIGGER reviews_au_summary AFTER UPDATE OF status, rating, business_id ON reviews
WHEN (OLD.status = 'published') <> (NEW.status = 'published') OR (NEW.status = 'published' AND (OLD.rating <> NEW.rating OR OLD.business_id <> NEW.business_id))
BEGIN
  INSERT INTO review_delta SELECT OLD.business_id, OLD.rating, -1 WHERE OLD.status = 'published';
  INSERT INTO review_delta SELECT NEW.business_id, NEW.rating, 1 WHERE NEW.status = 'published';
END;--> statement-breakpoint
CREATE TRIGGER reviews_ad_summary AFTER DELETE ON reviews WHEN OLD.status = 'published'
BEGIN
  INSERT INTO review_delta VALUES (OLD.business_id, OLD.rating, -1);
END;

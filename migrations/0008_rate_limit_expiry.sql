ALTER TABLE `rate_limits` ADD `expires_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Counts from before the column: kept for the longest window in use (the contact form's hour).
UPDATE `rate_limits` SET `expires_at` = `window_start` + 3600;

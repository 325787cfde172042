ALTER TABLE `businesses` ADD `price_range` text;--> statement-breakpoint
ALTER TABLE `businesses` ADD `amenity_names` text;--> statement-breakpoint
CREATE INDEX `businesses_country_page` ON `businesses` (`country_code`,`id`) WHERE is_approved = 1;

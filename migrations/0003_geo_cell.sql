ALTER TABLE `businesses` ADD `geo_cell` integer;--> statement-breakpoint
CREATE INDEX `businesses_geo_cell` ON `businesses` (`geo_cell`) WHERE geo_cell IS NOT NULL AND is_approved = 1;
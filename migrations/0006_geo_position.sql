DROP INDEX `businesses_geo_cell`;--> statement-breakpoint
CREATE INDEX `businesses_geo_position` ON `businesses` (`geo_cell`,`latitude`,`longitude`) WHERE geo_cell IS NOT NULL AND is_approved = 1;
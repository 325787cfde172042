-- A business without a place id is found again by name + address on re-import. Without an
-- address (NULL), the old index on (name, full_address) never matched — NULLs are distinct — so
-- the import's upsert inserted again and failed on the slug. A missing address now counts as ''.
-- No live rows can break the new index: such rows share their identity (name|"") and so their slug.
DROP INDEX `businesses_name_address_no_place_id`;--> statement-breakpoint
CREATE UNIQUE INDEX `businesses_name_address_no_place_id` ON `businesses` (`name`,coalesce(`full_address`, '')) WHERE place_id IS NULL;

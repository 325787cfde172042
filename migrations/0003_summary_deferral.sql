-- Bulk writes apply summary counts once per batch instead of once per business (decision 064).
-- While a D1 batch that writes many businesses runs, this table holds one row: businesses with
-- an id above `after_id` (the new ones of that batch) are skipped by the summary triggers, and
-- the same batch then adds their counts with one grouped statement per summary table and
-- deletes the row. The batch is one transaction, so no other writer ever sees the row.
CREATE TABLE `summary_deferral` (
	`id` integer PRIMARY KEY NOT NULL,
	`after_id` integer NOT NULL
);
--> statement-breakpoint
DROP TRIGGER businesses_ai;
--> statement-breakpoint
CREATE TRIGGER businesses_ai AFTER INSERT ON businesses
WHEN NOT EXISTS (SELECT 1 FROM summary_deferral WHERE NEW.id > after_id)
BEGIN
  UPDATE directory_totals SET all_business_count = all_business_count + 1 WHERE id = 1;
  INSERT INTO summary_delta
  SELECT NEW.category_slug, coalesce(NEW.type, NEW.category), NEW.country_code,
         coalesce(NEW.country, NEW.country_code), NEW.city_slug, NEW.city, 1
  WHERE NEW.is_approved = 1;
END;
--> statement-breakpoint
-- The search index follows every insert at once, deferred or not.
CREATE TRIGGER businesses_ai_search AFTER INSERT ON businesses
BEGIN
  INSERT INTO businesses_fts (rowid, name, type, category, city, country)
  VALUES (NEW.id, NEW.name, NEW.type, NEW.category, NEW.city, NEW.country);
END;
--> statement-breakpoint
DROP TRIGGER businesses_ad;
--> statement-breakpoint
CREATE TRIGGER businesses_ad AFTER DELETE ON businesses
BEGIN
  UPDATE directory_totals SET all_business_count = all_business_count - 1
  WHERE id = 1 AND NOT EXISTS (SELECT 1 FROM summary_deferral WHERE OLD.id > after_id);
  INSERT INTO summary_delta
  SELECT OLD.category_slug, coalesce(OLD.type, OLD.category), OLD.country_code,
         coalesce(OLD.country, OLD.country_code), OLD.city_slug, OLD.city, -1
  WHERE OLD.is_approved = 1 AND NOT EXISTS (SELECT 1 FROM summary_deferral WHERE OLD.id > after_id);
  INSERT INTO businesses_fts (businesses_fts, rowid, name, type, category, city, country)
  VALUES ('delete', OLD.id, OLD.name, OLD.type, OLD.category, OLD.city, OLD.country);
END;
--> statement-breakpoint
DROP TRIGGER businesses_au_summary;
--> statement-breakpoint
-- A deferred business changed within its own batch is counted once, as it ends up, when the
-- batch applies the deferred counts.
CREATE TRIGGER businesses_au_summary
AFTER UPDATE OF is_approved, category_slug, type, category, country_code, country, city_slug, city ON businesses
WHEN NOT EXISTS (SELECT 1 FROM summary_deferral WHERE OLD.id > after_id)
BEGIN
  INSERT INTO summary_delta
  SELECT OLD.category_slug, coalesce(OLD.type, OLD.category), OLD.country_code,
         coalesce(OLD.country, OLD.country_code), OLD.city_slug, OLD.city, -1
  WHERE OLD.is_approved = 1;
  INSERT INTO summary_delta
  SELECT NEW.category_slug, coalesce(NEW.type, NEW.category), NEW.country_code,
         coalesce(NEW.country, NEW.country_code), NEW.city_slug, NEW.city, 1
  WHERE NEW.is_approved = 1;
END;

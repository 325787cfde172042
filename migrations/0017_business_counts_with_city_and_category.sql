-- The unfiltered categories and cities lists showed every approved business as their "Total
-- Businesses" (and divided it for "Avg per Category" / "Avg per City"), though businesses
-- without a category or a city are in none of the entries listed: a directory imported from the
-- upload template, which has no city column, said "Total Businesses 10,000" over cities that
-- hold a few. These totals count the businesses the entries hold, kept by triggers on the
-- summary tables as their entry counts are (migration 0001), so every writer (row by row, a
-- bulk write's summary, a delete, an approval) keeps them without knowing of them.
ALTER TABLE `directory_totals` ADD `business_count_with_category` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `directory_totals` ADD `business_count_with_city` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `countries` ADD `business_count_with_city` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE directory_totals SET
  business_count_with_category = (SELECT coalesce(sum(business_count), 0) FROM categories),
  business_count_with_city = (SELECT coalesce(sum(business_count), 0) FROM cities)
WHERE id = 1;--> statement-breakpoint
UPDATE countries SET business_count_with_city = coalesce((SELECT sum(business_count) FROM cities WHERE cities.country_code = countries.code), 0);--> statement-breakpoint
CREATE TRIGGER categories_business_count_ai AFTER INSERT ON categories
BEGIN
  UPDATE directory_totals SET business_count_with_category = business_count_with_category + NEW.business_count WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER categories_business_count_au AFTER UPDATE OF business_count ON categories
BEGIN
  UPDATE directory_totals SET business_count_with_category = business_count_with_category + NEW.business_count - OLD.business_count WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER categories_business_count_ad AFTER DELETE ON categories
BEGIN
  UPDATE directory_totals SET business_count_with_category = business_count_with_category - OLD.business_count WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER cities_business_count_ai AFTER INSERT ON cities
BEGIN
  UPDATE directory_totals SET business_count_with_city = business_count_with_city + NEW.business_count WHERE id = 1;
  UPDATE countries SET business_count_with_city = business_count_with_city + NEW.business_count WHERE code = NEW.country_code;
END;--> statement-breakpoint
CREATE TRIGGER cities_business_count_au AFTER UPDATE OF business_count ON cities
BEGIN
  UPDATE directory_totals SET business_count_with_city = business_count_with_city + NEW.business_count - OLD.business_count WHERE id = 1;
  UPDATE countries SET business_count_with_city = business_count_with_city + NEW.business_count - OLD.business_count WHERE code = NEW.country_code;
END;--> statement-breakpoint
CREATE TRIGGER cities_business_count_ad AFTER DELETE ON cities
BEGIN
  UPDATE directory_totals SET business_count_with_city = business_count_with_city - OLD.business_count WHERE id = 1;
  UPDATE countries SET business_count_with_city = business_count_with_city - OLD.business_count WHERE code = OLD.country_code;
END;

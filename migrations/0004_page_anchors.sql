-- Page anchors of big categories and cities (decision 065). Every change to the approved
-- businesses of a category or city passes through summary_delta (row by row) or through the
-- deferred counts of a bulk write (app/models/business.server.ts); both delete that scope's
-- anchors, so an anchor present is always exact.
CREATE TABLE `page_anchors` (
	`scope` text NOT NULL,
	`position` integer NOT NULL,
	`business_id` integer NOT NULL,
	PRIMARY KEY(`scope`, `position`)
);
--> statement-breakpoint
DROP TRIGGER summary_delta_apply;
--> statement-breakpoint
CREATE TRIGGER summary_delta_apply INSTEAD OF INSERT ON summary_delta
BEGIN
  UPDATE directory_totals SET business_count = business_count + NEW.delta WHERE id = 1;

  INSERT INTO categories (slug, name, business_count)
  SELECT NEW.category_slug, coalesce(NEW.category_name, NEW.category_slug), NEW.delta
  WHERE NEW.category_slug IS NOT NULL
  ON CONFLICT (slug) DO UPDATE SET business_count = business_count + excluded.business_count;

  INSERT INTO countries (code, name, business_count)
  SELECT NEW.country_code, coalesce(NEW.country_name, NEW.country_code), NEW.delta
  WHERE NEW.country_code IS NOT NULL
  ON CONFLICT (code) DO UPDATE SET business_count = business_count + excluded.business_count;

  INSERT INTO cities (country_code, slug, name, business_count)
  SELECT NEW.country_code, NEW.city_slug, coalesce(NEW.city_name, NEW.city_slug), NEW.delta
  WHERE NEW.country_code IS NOT NULL AND NEW.city_slug IS NOT NULL
  ON CONFLICT (country_code, slug) DO UPDATE SET business_count = business_count + excluded.business_count;

  INSERT INTO category_country_counts (category_slug, country_code, business_count)
  SELECT NEW.category_slug, NEW.country_code, NEW.delta
  WHERE NEW.category_slug IS NOT NULL AND NEW.country_code IS NOT NULL
  ON CONFLICT (category_slug, country_code) DO UPDATE SET business_count = business_count + excluded.business_count;

  INSERT INTO city_category_counts (country_code, city_slug, category_slug, business_count)
  SELECT NEW.country_code, NEW.city_slug, NEW.category_slug, NEW.delta
  WHERE NEW.country_code IS NOT NULL AND NEW.city_slug IS NOT NULL AND NEW.category_slug IS NOT NULL
  ON CONFLICT (country_code, city_slug, category_slug) DO UPDATE SET business_count = business_count + excluded.business_count;

  -- The approved businesses of this category and this city changed: their page anchors no
  -- longer hold (decision 065); the queue rebuilds them.
  DELETE FROM page_anchors WHERE scope IN ('category/' || NEW.category_slug, 'city/' || NEW.country_code || '/' || NEW.city_slug);

  -- Entries that no approved business uses any more disappear (children first).
  DELETE FROM city_category_counts
  WHERE NEW.delta < 0 AND country_code = NEW.country_code AND city_slug = NEW.city_slug
    AND category_slug = NEW.category_slug AND business_count <= 0;
  DELETE FROM category_country_counts
  WHERE NEW.delta < 0 AND category_slug = NEW.category_slug AND country_code = NEW.country_code
    AND business_count <= 0;
  DELETE FROM cities
  WHERE NEW.delta < 0 AND country_code = NEW.country_code AND slug = NEW.city_slug AND business_count <= 0;
  DELETE FROM countries WHERE NEW.delta < 0 AND code = NEW.country_code AND business_count <= 0;
  DELETE FROM categories WHERE NEW.delta < 0 AND slug = NEW.category_slug AND business_count <= 0;
END;

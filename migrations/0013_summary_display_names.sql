-- A category or city showed the spelling of the first business filed under it for good: a file
-- that wrote "ISTANBUL" or "hotel" first named the entry on every page (decision 092). (A
-- country is shown by its code's name; its stored name only stands in for an unknown code.)
-- A business joining an entry now gives it its spelling when that is in mixed case and the kept
-- name is in one case (app/lib/summary-names.ts summaryNameSql, checked against this file by
-- tests/unit/summary-names.test.ts); a bulk write does the same (app/models/business.server.ts).
-- The trigger is 0004's otherwise. The entries named so far take a mixed-case spelling of one of
-- their approved businesses where there is one.
DROP TRIGGER summary_delta_apply;
--> statement-breakpoint
CREATE TRIGGER summary_delta_apply INSTEAD OF INSERT ON summary_delta
BEGIN
  UPDATE directory_totals SET business_count = business_count + NEW.delta WHERE id = 1;

  INSERT INTO categories (slug, name, business_count)
  SELECT NEW.category_slug, coalesce(NEW.category_name, NEW.category_slug), NEW.delta
  WHERE NEW.category_slug IS NOT NULL
  ON CONFLICT (slug) DO UPDATE SET business_count = business_count + excluded.business_count,
    name = CASE WHEN excluded.business_count > 0 AND (excluded.name <> upper(excluded.name) AND NOT (excluded.name = lower(excluded.name) AND excluded.name GLOB '[a-z]*')) AND ((name = upper(name) AND length(name) > 3) OR (name = lower(name) AND name GLOB '[a-z]*')) THEN excluded.name ELSE name END;

  INSERT INTO countries (code, name, business_count)
  SELECT NEW.country_code, coalesce(NEW.country_name, NEW.country_code), NEW.delta
  WHERE NEW.country_code IS NOT NULL
  ON CONFLICT (code) DO UPDATE SET business_count = business_count + excluded.business_count;

  INSERT INTO cities (country_code, slug, name, business_count)
  SELECT NEW.country_code, NEW.city_slug, coalesce(NEW.city_name, NEW.city_slug), NEW.delta
  WHERE NEW.country_code IS NOT NULL AND NEW.city_slug IS NOT NULL
  ON CONFLICT (country_code, slug) DO UPDATE SET business_count = business_count + excluded.business_count,
    name = CASE WHEN excluded.business_count > 0 AND (excluded.name <> upper(excluded.name) AND NOT (excluded.name = lower(excluded.name) AND excluded.name GLOB '[a-z]*')) AND ((name = upper(name) AND length(name) > 3) OR (name = lower(name) AND name GLOB '[a-z]*')) THEN excluded.name ELSE name END;

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
--> statement-breakpoint
UPDATE categories SET name = coalesce((
  SELECT coalesce(b.type, b.category) FROM businesses b
  WHERE b.is_approved = 1 AND b.category_slug = categories.slug AND (coalesce(b.type, b.category) <> upper(coalesce(b.type, b.category)) AND NOT (coalesce(b.type, b.category) = lower(coalesce(b.type, b.category)) AND coalesce(b.type, b.category) GLOB '[a-z]*'))
  LIMIT 1), name)
WHERE ((name = upper(name) AND length(name) > 3) OR (name = lower(name) AND name GLOB '[a-z]*'));
--> statement-breakpoint
UPDATE cities SET name = coalesce((
  SELECT b.city FROM businesses b
  WHERE b.is_approved = 1 AND b.country_code = cities.country_code AND b.city_slug = cities.slug AND (b.city <> upper(b.city) AND NOT (b.city = lower(b.city) AND b.city GLOB '[a-z]*'))
  LIMIT 1), name)
WHERE ((name = upper(name) AND length(name) > 3) OR (name = lower(name) AND name GLOB '[a-z]*'));

-- Summary tables and the search index are kept exact by triggers, so every writer (seed,
-- import, approve/unapprove, delete, fix slugs) keeps them right without extra code, and no
-- page ever counts over `businesses` at request time.
--
-- `summary_delta` is a write-only view: inserting (keys, +1/-1) into it applies the change to
-- every summary table in one place. Its INSTEAD OF trigger is the only place counting happens.

INSERT INTO directory_totals (id, business_count, all_business_count, category_count, country_count, city_count)
VALUES (1, 0, 0, 0, 0, 0);
--> statement-breakpoint
CREATE VIEW summary_delta AS
SELECT NULL AS category_slug, NULL AS category_name, NULL AS country_code, NULL AS country_name,
       NULL AS city_slug, NULL AS city_name, 0 AS delta
WHERE 0;
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
-- Distinct counts follow from rows appearing in and disappearing from the summary tables.
CREATE TRIGGER categories_ai AFTER INSERT ON categories
BEGIN
  UPDATE directory_totals SET category_count = category_count + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER categories_ad AFTER DELETE ON categories
BEGIN
  UPDATE directory_totals SET category_count = category_count - 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER countries_ai AFTER INSERT ON countries
BEGIN
  UPDATE directory_totals SET country_count = country_count + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER countries_ad AFTER DELETE ON countries
BEGIN
  UPDATE directory_totals SET country_count = country_count - 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER cities_ai AFTER INSERT ON cities
BEGIN
  UPDATE directory_totals SET city_count = city_count + 1 WHERE id = 1;
  UPDATE countries SET city_count = city_count + 1 WHERE code = NEW.country_code;
END;
--> statement-breakpoint
CREATE TRIGGER cities_ad AFTER DELETE ON cities
BEGIN
  UPDATE directory_totals SET city_count = city_count - 1 WHERE id = 1;
  UPDATE countries SET city_count = city_count - 1 WHERE code = OLD.country_code;
END;
--> statement-breakpoint
CREATE TRIGGER category_country_counts_ai AFTER INSERT ON category_country_counts
BEGIN
  UPDATE categories SET country_count = country_count + 1 WHERE slug = NEW.category_slug;
  UPDATE countries SET category_count = category_count + 1 WHERE code = NEW.country_code;
END;
--> statement-breakpoint
CREATE TRIGGER category_country_counts_ad AFTER DELETE ON category_country_counts
BEGIN
  UPDATE categories SET country_count = country_count - 1 WHERE slug = OLD.category_slug;
  UPDATE countries SET category_count = category_count - 1 WHERE code = OLD.country_code;
END;
--> statement-breakpoint
CREATE TRIGGER city_category_counts_ai AFTER INSERT ON city_category_counts
BEGIN
  UPDATE cities SET category_count = category_count + 1
  WHERE country_code = NEW.country_code AND slug = NEW.city_slug;
END;
--> statement-breakpoint
CREATE TRIGGER city_category_counts_ad AFTER DELETE ON city_category_counts
BEGIN
  UPDATE cities SET category_count = category_count - 1
  WHERE country_code = OLD.country_code AND slug = OLD.city_slug;
END;
--> statement-breakpoint
-- Full-text search over name, type, category, city and country. External content: the index
-- holds no second copy of the text (size budget ~2 KB per business).
CREATE VIRTUAL TABLE businesses_fts USING fts5(
  name, type, category, city, country,
  content = 'businesses', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER businesses_ai AFTER INSERT ON businesses
BEGIN
  UPDATE directory_totals SET all_business_count = all_business_count + 1 WHERE id = 1;
  INSERT INTO summary_delta
  SELECT NEW.category_slug, coalesce(NEW.type, NEW.category), NEW.country_code,
         coalesce(NEW.country, NEW.country_code), NEW.city_slug, NEW.city, 1
  WHERE NEW.is_approved = 1;
  INSERT INTO businesses_fts (rowid, name, type, category, city, country)
  VALUES (NEW.id, NEW.name, NEW.type, NEW.category, NEW.city, NEW.country);
END;
--> statement-breakpoint
CREATE TRIGGER businesses_ad AFTER DELETE ON businesses
BEGIN
  UPDATE directory_totals SET all_business_count = all_business_count - 1 WHERE id = 1;
  INSERT INTO summary_delta
  SELECT OLD.category_slug, coalesce(OLD.type, OLD.category), OLD.country_code,
         coalesce(OLD.country, OLD.country_code), OLD.city_slug, OLD.city, -1
  WHERE OLD.is_approved = 1;
  INSERT INTO businesses_fts (businesses_fts, rowid, name, type, category, city, country)
  VALUES ('delete', OLD.id, OLD.name, OLD.type, OLD.category, OLD.city, OLD.country);
END;
--> statement-breakpoint
CREATE TRIGGER businesses_au_summary
AFTER UPDATE OF is_approved, category_slug, type, category, country_code, country, city_slug, city ON businesses
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
--> statement-breakpoint
CREATE TRIGGER businesses_au_search AFTER UPDATE OF name, type, category, city, country ON businesses
BEGIN
  INSERT INTO businesses_fts (businesses_fts, rowid, name, type, category, city, country)
  VALUES ('delete', OLD.id, OLD.name, OLD.type, OLD.category, OLD.city, OLD.country);
  INSERT INTO businesses_fts (rowid, name, type, category, city, country)
  VALUES (NEW.id, NEW.name, NEW.type, NEW.category, NEW.city, NEW.country);
END;

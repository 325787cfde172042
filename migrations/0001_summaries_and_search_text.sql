-- Hand-written part of the schema: what drizzle-kit cannot express. The FTS5 index over the
-- businesses (external content, so the text is stored once), the summary_delta view whose
-- trigger applies one count change to the category, country and city summary tables, the
-- triggers that keep the summaries and the search index in step with businesses, the three
-- expression indexes, and the one row of directory totals.

CREATE VIRTUAL TABLE businesses_fts USING fts5(
  name, type, category, city, country,
  content = 'businesses', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2'
);

CREATE VIEW summary_delta AS
SELECT NULL AS category_slug, NULL AS category_name, NULL AS country_code, NULL AS country_name,
       NULL AS city_slug, NULL AS city_name, 0 AS delta
WHERE 0;

CREATE UNIQUE INDEX `businesses_name_address_no_place_id` ON `businesses` (`name`,coalesce(`full_address`, '')) WHERE place_id IS NULL;

CREATE INDEX `businesses_name_order` ON `businesses` (coalesce(`name_sort`, `name`) COLLATE NOCASE);

CREATE INDEX `businesses_category_name_order` ON `businesses` (`category_slug`, coalesce(`name_sort`, `name`) COLLATE NOCASE);

CREATE TRIGGER categories_ai AFTER INSERT ON categories
BEGIN
  UPDATE directory_totals SET category_count = category_count + 1 WHERE id = 1;
END;

CREATE TRIGGER categories_ad AFTER DELETE ON categories
BEGIN
  UPDATE directory_totals SET category_count = category_count - 1 WHERE id = 1;
END;

CREATE TRIGGER countries_ai AFTER INSERT ON countries
BEGIN
  UPDATE directory_totals SET country_count = country_count + 1 WHERE id = 1;
END;

CREATE TRIGGER countries_ad AFTER DELETE ON countries
BEGIN
  UPDATE directory_totals SET country_count = country_count - 1 WHERE id = 1;
END;

CREATE TRIGGER cities_ai AFTER INSERT ON cities
BEGIN
  UPDATE directory_totals SET city_count = city_count + 1 WHERE id = 1;
  UPDATE countries SET city_count = city_count + 1 WHERE code = NEW.country_code;
END;

CREATE TRIGGER cities_ad AFTER DELETE ON cities
BEGIN
  UPDATE directory_totals SET city_count = city_count - 1 WHERE id = 1;
  UPDATE countries SET city_count = city_count - 1 WHERE code = OLD.country_code;
END;

CREATE TRIGGER category_country_counts_ai AFTER INSERT ON category_country_counts
BEGIN
  UPDATE categories SET country_count = country_count + 1 WHERE slug = NEW.category_slug;
  UPDATE countries SET category_count = category_count + 1 WHERE code = NEW.country_code;
END;

CREATE TRIGGER category_country_counts_ad AFTER DELETE ON category_country_counts
BEGIN
  UPDATE categories SET country_count = country_count - 1 WHERE slug = OLD.category_slug;
  UPDATE countries SET category_count = category_count - 1 WHERE code = OLD.country_code;
END;

CREATE TRIGGER city_category_counts_ai AFTER INSERT ON city_category_counts
BEGIN
  UPDATE cities SET category_count = category_count + 1
  WHERE country_code = NEW.country_code AND slug = NEW.city_slug;
END;

CREATE TRIGGER city_category_counts_ad AFTER DELETE ON city_category_counts
BEGIN
  UPDATE cities SET category_count = category_count - 1
  WHERE country_code = OLD.country_code AND slug = OLD.city_slug;
END;

CREATE TRIGGER businesses_ai AFTER INSERT ON businesses
BEGIN
  UPDATE directory_totals SET all_business_count = all_business_count + 1 WHERE id = 1;
  INSERT INTO summary_delta
  SELECT NEW.category_slug, coalesce(NEW.type, NEW.category), NEW.country_code,
         coalesce(NEW.country, NEW.country_code), NEW.city_slug, NEW.city, 1
  WHERE NEW.is_approved = 1;
END;

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

CREATE TRIGGER summary_delta_apply INSTEAD OF INSERT ON summary_delta
BEGIN
  -- One update of the totals row per change: the counts of businesses filed under a category
  -- and under a city change with the businesses themselves.
  UPDATE directory_totals SET business_count = business_count + NEW.delta,
    business_count_with_category = business_count_with_category + iif(NEW.category_slug IS NOT NULL, NEW.delta, 0),
    business_count_with_city = business_count_with_city + iif(NEW.country_code IS NOT NULL AND NEW.city_slug IS NOT NULL, NEW.delta, 0)
  WHERE id = 1;

  INSERT INTO categories (slug, name, business_count)
  SELECT NEW.category_slug, coalesce(NEW.category_name, NEW.category_slug), NEW.delta
  WHERE NEW.category_slug IS NOT NULL
  ON CONFLICT (slug) DO UPDATE SET business_count = business_count + excluded.business_count,
    name = CASE WHEN excluded.business_count > 0 AND (excluded.name <> upper(excluded.name) AND NOT (excluded.name = lower(excluded.name) AND excluded.name GLOB '[a-z]*')) AND ((name = upper(name) AND length(name) > 3) OR (name = lower(name) AND name GLOB '[a-z]*')) THEN excluded.name ELSE name END;

  INSERT INTO countries (code, name, business_count, business_count_with_city)
  SELECT NEW.country_code, coalesce(NEW.country_name, NEW.country_code), NEW.delta, iif(NEW.city_slug IS NOT NULL, NEW.delta, 0)
  WHERE NEW.country_code IS NOT NULL
  ON CONFLICT (code) DO UPDATE SET business_count = business_count + excluded.business_count,
    business_count_with_city = business_count_with_city + excluded.business_count_with_city;

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

-- The search index holds each column's text followed by the forms its writer stored beside it
-- (derivedColumns in app/lib/business/business-record.ts: folded copies, the name's inner words, the
-- country code): the triggers only copy them, so a derivation changes in JavaScript alone.
CREATE TRIGGER businesses_ai_search AFTER INSERT ON businesses
BEGIN
  INSERT INTO businesses_fts (rowid, name, type, category, city, country)
  VALUES (NEW.id,
    NEW.name || coalesce(' ' || NEW.name_folded, '') || coalesce(' ' || NEW.name_inner_words, ''),
    NEW.type || coalesce(' ' || NEW.type_folded, ''),
    NEW.category || coalesce(' ' || NEW.category_folded, ''),
    NEW.city || coalesce(' ' || NEW.city_folded, ''),
    coalesce(NEW.country, '') || coalesce(' ' || NEW.country_folded, '') || coalesce(' ' || NEW.search_country_code, ''));
END;

CREATE TRIGGER businesses_ad AFTER DELETE ON businesses
BEGIN
  UPDATE directory_totals SET all_business_count = all_business_count - 1
  WHERE id = 1;
  INSERT INTO summary_delta
  SELECT OLD.category_slug, coalesce(OLD.type, OLD.category), OLD.country_code,
         coalesce(OLD.country, OLD.country_code), OLD.city_slug, OLD.city, -1
  WHERE OLD.is_approved = 1;
  INSERT INTO businesses_fts (businesses_fts, rowid, name, type, category, city, country)
  VALUES ('delete', OLD.id,
    OLD.name || coalesce(' ' || OLD.name_folded, '') || coalesce(' ' || OLD.name_inner_words, ''),
    OLD.type || coalesce(' ' || OLD.type_folded, ''),
    OLD.category || coalesce(' ' || OLD.category_folded, ''),
    OLD.city || coalesce(' ' || OLD.city_folded, ''),
    coalesce(OLD.country, '') || coalesce(' ' || OLD.country_folded, '') || coalesce(' ' || OLD.search_country_code, ''));
END;

CREATE TRIGGER businesses_au_search
AFTER UPDATE OF name, name_folded, name_inner_words, type, type_folded, category, category_folded, city, city_folded,
  country, country_folded, search_country_code ON businesses
BEGIN
  INSERT INTO businesses_fts (businesses_fts, rowid, name, type, category, city, country)
  VALUES ('delete', OLD.id,
    OLD.name || coalesce(' ' || OLD.name_folded, '') || coalesce(' ' || OLD.name_inner_words, ''),
    OLD.type || coalesce(' ' || OLD.type_folded, ''),
    OLD.category || coalesce(' ' || OLD.category_folded, ''),
    OLD.city || coalesce(' ' || OLD.city_folded, ''),
    coalesce(OLD.country, '') || coalesce(' ' || OLD.country_folded, '') || coalesce(' ' || OLD.search_country_code, ''));
  INSERT INTO businesses_fts (rowid, name, type, category, city, country)
  VALUES (NEW.id,
    NEW.name || coalesce(' ' || NEW.name_folded, '') || coalesce(' ' || NEW.name_inner_words, ''),
    NEW.type || coalesce(' ' || NEW.type_folded, ''),
    NEW.category || coalesce(' ' || NEW.category_folded, ''),
    NEW.city || coalesce(' ' || NEW.city_folded, ''),
    coalesce(NEW.country, '') || coalesce(' ' || NEW.country_folded, '') || coalesce(' ' || NEW.search_country_code, ''));
END;

INSERT INTO directory_totals (id) VALUES (1);

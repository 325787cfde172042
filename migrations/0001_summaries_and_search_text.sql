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

  -- An entry whose count just rose from zero or fell to it joins or leaves the lists above it:
  -- (count > 0) - (count - delta > 0) is 1, -1 or 0. Entries at zero go at the end.
  UPDATE directory_totals SET
    category_count = category_count + coalesce((SELECT (business_count > 0) - (business_count - NEW.delta > 0) FROM categories WHERE slug = NEW.category_slug), 0),
    country_count = country_count + coalesce((SELECT (business_count > 0) - (business_count - NEW.delta > 0) FROM countries WHERE code = NEW.country_code), 0),
    city_count = city_count + coalesce((SELECT (business_count > 0) - (business_count - NEW.delta > 0) FROM cities WHERE country_code = NEW.country_code AND slug = NEW.city_slug), 0)
  WHERE id = 1;
  UPDATE countries SET
    city_count = city_count + coalesce((SELECT (business_count > 0) - (business_count - NEW.delta > 0) FROM cities WHERE country_code = NEW.country_code AND slug = NEW.city_slug), 0),
    category_count = category_count + coalesce((SELECT (business_count > 0) - (business_count - NEW.delta > 0) FROM category_country_counts WHERE category_slug = NEW.category_slug AND country_code = NEW.country_code), 0)
  WHERE code = NEW.country_code;
  UPDATE categories SET
    country_count = country_count + coalesce((SELECT (business_count > 0) - (business_count - NEW.delta > 0) FROM category_country_counts WHERE category_slug = NEW.category_slug AND country_code = NEW.country_code), 0)
  WHERE slug = NEW.category_slug;
  UPDATE cities SET
    category_count = category_count + coalesce((SELECT (business_count > 0) - (business_count - NEW.delta > 0) FROM city_category_counts WHERE country_code = NEW.country_code AND city_slug = NEW.city_slug AND category_slug = NEW.category_slug), 0)
  WHERE country_code = NEW.country_code AND slug = NEW.city_slug;

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

CREATE TRIGGER businesses_ad AFTER DELETE ON businesses
BEGIN
  UPDATE directory_totals SET all_business_count = all_business_count - 1
  WHERE id = 1;
  INSERT INTO summary_delta
  SELECT OLD.category_slug, coalesce(OLD.type, OLD.category), OLD.country_code,
         coalesce(OLD.country, OLD.country_code), OLD.city_slug, OLD.city, -1
  WHERE OLD.is_approved = 1;
END;

-- The search index holds each column's text followed by the forms its writer stored beside it
-- (derivedColumns in app/lib/business/business-record.ts: folded copies, the name's inner words, the
-- country code): this view is the one definition of that text, and the triggers only copy it, so a
-- derivation changes in JavaScript alone. Old text leaves the index before a row changes or goes.
CREATE VIEW business_search_text AS
SELECT id,
  name || coalesce(' ' || name_folded, '') || coalesce(' ' || name_inner_words, '') AS name,
  type || coalesce(' ' || type_folded, '') AS type,
  category || coalesce(' ' || category_folded, '') AS category,
  city || coalesce(' ' || city_folded, '') AS city,
  coalesce(country, '') || coalesce(' ' || country_folded, '') || coalesce(' ' || search_country_code, '') AS country
FROM businesses;

CREATE TRIGGER businesses_ai_search AFTER INSERT ON businesses
BEGIN
  INSERT INTO businesses_fts (rowid, name, type, category, city, country)
  SELECT id, name, type, category, city, country FROM business_search_text WHERE id = NEW.id;
END;

CREATE TRIGGER businesses_bu_search
BEFORE UPDATE OF name, name_folded, name_inner_words, type, type_folded, category, category_folded, city, city_folded,
  country, country_folded, search_country_code ON businesses
BEGIN
  INSERT INTO businesses_fts (businesses_fts, rowid, name, type, category, city, country)
  SELECT 'delete', id, name, type, category, city, country FROM business_search_text WHERE id = OLD.id;
END;

CREATE TRIGGER businesses_au_search
AFTER UPDATE OF name, name_folded, name_inner_words, type, type_folded, category, category_folded, city, city_folded,
  country, country_folded, search_country_code ON businesses
BEGIN
  INSERT INTO businesses_fts (rowid, name, type, category, city, country)
  SELECT id, name, type, category, city, country FROM business_search_text WHERE id = NEW.id;
END;

CREATE TRIGGER businesses_bd_search BEFORE DELETE ON businesses
BEGIN
  INSERT INTO businesses_fts (businesses_fts, rowid, name, type, category, city, country)
  SELECT 'delete', id, name, type, category, city, country FROM business_search_text WHERE id = OLD.id;
END;

INSERT INTO directory_totals (id) VALUES (1);

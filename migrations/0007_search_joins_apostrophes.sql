-- Search finds a word written with an apostrophe without it: "laquila" finds "L'Aquila" and
-- "mcdonalds" finds "McDonald's". The tokenizer splits at apostrophes ("l", "aquila"), so each of
-- the five columns is indexed as it reads and, when it holds one of the slug's joiner characters
-- (app/lib/slug.ts JOINER_CHARACTERS), once more with them removed ("L'Aquila LAquila"). The
-- searched text is joined the same way (app/lib/search-query.ts), so "L'Aquila" and "aquila"
-- still find it. External content: an FTS5 'delete' must be given the text that was indexed, so
-- every trigger writing to businesses_fts uses the same expression, and the rows indexed before
-- are re-indexed below. FTS5's 'rebuild' would index the plain columns: do not use it.
DROP TRIGGER businesses_ai_search;
--> statement-breakpoint
CREATE TRIGGER businesses_ai_search AFTER INSERT ON businesses
BEGIN
  INSERT INTO businesses_fts (rowid, name, type, category, city, country)
  VALUES (NEW.id,
    CASE WHEN NEW.name GLOB '*[''’‘‛´`ʼʻʹ′·]*' THEN NEW.name || ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(NEW.name, '''', ''), '’', ''), '‘', ''), '‛', ''), '´', ''), '`', ''), 'ʼ', ''), 'ʻ', ''), 'ʹ', ''), '′', ''), '·', '') ELSE NEW.name END,
    CASE WHEN NEW.type GLOB '*[''’‘‛´`ʼʻʹ′·]*' THEN NEW.type || ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(NEW.type, '''', ''), '’', ''), '‘', ''), '‛', ''), '´', ''), '`', ''), 'ʼ', ''), 'ʻ', ''), 'ʹ', ''), '′', ''), '·', '') ELSE NEW.type END,
    CASE WHEN NEW.category GLOB '*[''’‘‛´`ʼʻʹ′·]*' THEN NEW.category || ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(NEW.category, '''', ''), '’', ''), '‘', ''), '‛', ''), '´', ''), '`', ''), 'ʼ', ''), 'ʻ', ''), 'ʹ', ''), '′', ''), '·', '') ELSE NEW.category END,
    CASE WHEN NEW.city GLOB '*[''’‘‛´`ʼʻʹ′·]*' THEN NEW.city || ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(NEW.city, '''', ''), '’', ''), '‘', ''), '‛', ''), '´', ''), '`', ''), 'ʼ', ''), 'ʻ', ''), 'ʹ', ''), '′', ''), '·', '') ELSE NEW.city END,
    CASE WHEN NEW.country GLOB '*[''’‘‛´`ʼʻʹ′·]*' THEN NEW.country || ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(NEW.country, '''', ''), '’', ''), '‘', ''), '‛', ''), '´', ''), '`', ''), 'ʼ', ''), 'ʻ', ''), 'ʹ', ''), '′', ''), '·', '') ELSE NEW.country END);
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
  VALUES ('delete', OLD.id,
    CASE WHEN OLD.name GLOB '*[''’‘‛´`ʼʻʹ′·]*' THEN OLD.name || ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(OLD.name, '''', ''), '’', ''), '‘', ''), '‛', ''), '´', ''), '`', ''), 'ʼ', ''), 'ʻ', ''), 'ʹ', ''), '′', ''), '·', '') ELSE OLD.name END,
    CASE WHEN OLD.type GLOB '*[''’‘‛´`ʼʻʹ′·]*' THEN OLD.type || ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(OLD.type, '''', ''), '’', ''), '‘', ''), '‛', ''), '´', ''), '`', ''), 'ʼ', ''), 'ʻ', ''), 'ʹ', ''), '′', ''), '·', '') ELSE OLD.type END,
    CASE WHEN OLD.category GLOB '*[''’‘‛´`ʼʻʹ′·]*' THEN OLD.category || ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(OLD.category, '''', ''), '’', ''), '‘', ''), '‛', ''), '´', ''), '`', ''), 'ʼ', ''), 'ʻ', ''), 'ʹ', ''), '′', ''), '·', '') ELSE OLD.category END,
    CASE WHEN OLD.city GLOB '*[''’‘‛´`ʼʻʹ′·]*' THEN OLD.city || ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(OLD.city, '''', ''), '’', ''), '‘', ''), '‛', ''), '´', ''), '`', ''), 'ʼ', ''), 'ʻ', ''), 'ʹ', ''), '′', ''), '·', '') ELSE OLD.city END,
    CASE WHEN OLD.country GLOB '*[''’‘‛´`ʼʻʹ′·]*' THEN OLD.country || ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(OLD.country, '''', ''), '’', ''), '‘', ''), '‛', ''), '´', ''), '`', ''), 'ʼ', ''), 'ʻ', ''), 'ʹ', ''), '′', ''), '·', '') ELSE OLD.country END);
END;
--> statement-breakpoint
DROP TRIGGER businesses_au_search;
--> statement-breakpoint
CREATE TRIGGER businesses_au_search AFTER UPDATE OF name, type, category, city, country ON businesses
BEGIN
  INSERT INTO businesses_fts (businesses_fts, rowid, name, type, category, city, country)
  VALUES ('delete', OLD.id,
    CASE WHEN OLD.name GLOB '*[''’‘‛´`ʼʻʹ′·]*' THEN OLD.name || ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(OLD.name, '''', ''), '’', ''), '‘', ''), '‛', ''), '´', ''), '`', ''), 'ʼ', ''), 'ʻ', ''), 'ʹ', ''), '′', ''), '·', '') ELSE OLD.name END,
    CASE WHEN OLD.type GLOB '*[''’‘‛´`ʼʻʹ′·]*' THEN OLD.type || ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(OLD.type, '''', ''), '’', ''), '‘', ''), '‛', ''), '´', ''), '`', ''), 'ʼ', ''), 'ʻ', ''), 'ʹ', ''), '′', ''), '·', '') ELSE OLD.type END,
    CASE WHEN OLD.category GLOB '*[''’‘‛´`ʼʻʹ′·]*' THEN OLD.category || ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(OLD.category, '''', ''), '’', ''), '‘', ''), '‛', ''), '´', ''), '`', ''), 'ʼ', ''), 'ʻ', ''), 'ʹ', ''), '′', ''), '·', '') ELSE OLD.category END,
    CASE WHEN OLD.city GLOB '*[''’‘‛´`ʼʻʹ′·]*' THEN OLD.city || ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(OLD.city, '''', ''), '’', ''), '‘', ''), '‛', ''), '´', ''), '`', ''), 'ʼ', ''), 'ʻ', ''), 'ʹ', ''), '′', ''), '·', '') ELSE OLD.city END,
    CASE WHEN OLD.country GLOB '*[''’‘‛´`ʼʻʹ′·]*' THEN OLD.country || ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(OLD.country, '''', ''), '’', ''), '‘', ''), '‛', ''), '´', ''), '`', ''), 'ʼ', ''), 'ʻ', ''), 'ʹ', ''), '′', ''), '·', '') ELSE OLD.country END);
  INSERT INTO businesses_fts (rowid, name, type, category, city, country)
  VALUES (NEW.id,
    CASE WHEN NEW.name GLOB '*[''’‘‛´`ʼʻʹ′·]*' THEN NEW.name || ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(NEW.name, '''', ''), '’', ''), '‘', ''), '‛', ''), '´', ''), '`', ''), 'ʼ', ''), 'ʻ', ''), 'ʹ', ''), '′', ''), '·', '') ELSE NEW.name END,
    CASE WHEN NEW.type GLOB '*[''’‘‛´`ʼʻʹ′·]*' THEN NEW.type || ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(NEW.type, '''', ''), '’', ''), '‘', ''), '‛', ''), '´', ''), '`', ''), 'ʼ', ''), 'ʻ', ''), 'ʹ', ''), '′', ''), '·', '') ELSE NEW.type END,
    CASE WHEN NEW.category GLOB '*[''’‘‛´`ʼʻʹ′·]*' THEN NEW.category || ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(NEW.category, '''', ''), '’', ''), '‘', ''), '‛', ''), '´', ''), '`', ''), 'ʼ', ''), 'ʻ', ''), 'ʹ', ''), '′', ''), '·', '') ELSE NEW.category END,
    CASE WHEN NEW.city GLOB '*[''’‘‛´`ʼʻʹ′·]*' THEN NEW.city || ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(NEW.city, '''', ''), '’', ''), '‘', ''), '‛', ''), '´', ''), '`', ''), 'ʼ', ''), 'ʻ', ''), 'ʹ', ''), '′', ''), '·', '') ELSE NEW.city END,
    CASE WHEN NEW.country GLOB '*[''’‘‛´`ʼʻʹ′·]*' THEN NEW.country || ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(NEW.country, '''', ''), '’', ''), '‘', ''), '‛', ''), '´', ''), '`', ''), 'ʼ', ''), 'ʻ', ''), 'ʹ', ''), '′', ''), '·', '') ELSE NEW.country END);
END;
--> statement-breakpoint
INSERT INTO businesses_fts (businesses_fts, rowid, name, type, category, city, country)
SELECT 'delete', id, name, type, category, city, country
FROM businesses
WHERE name GLOB '*[''’‘‛´`ʼʻʹ′·]*' OR type GLOB '*[''’‘‛´`ʼʻʹ′·]*' OR category GLOB '*[''’‘‛´`ʼʻʹ′·]*' OR city GLOB '*[''’‘‛´`ʼʻʹ′·]*' OR country GLOB '*[''’‘‛´`ʼʻʹ′·]*';
--> statement-breakpoint
INSERT INTO businesses_fts (rowid, name, type, category, city, country)
SELECT id,
    CASE WHEN name GLOB '*[''’‘‛´`ʼʻʹ′·]*' THEN name || ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(name, '''', ''), '’', ''), '‘', ''), '‛', ''), '´', ''), '`', ''), 'ʼ', ''), 'ʻ', ''), 'ʹ', ''), '′', ''), '·', '') ELSE name END,
    CASE WHEN type GLOB '*[''’‘‛´`ʼʻʹ′·]*' THEN type || ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(type, '''', ''), '’', ''), '‘', ''), '‛', ''), '´', ''), '`', ''), 'ʼ', ''), 'ʻ', ''), 'ʹ', ''), '′', ''), '·', '') ELSE type END,
    CASE WHEN category GLOB '*[''’‘‛´`ʼʻʹ′·]*' THEN category || ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(category, '''', ''), '’', ''), '‘', ''), '‛', ''), '´', ''), '`', ''), 'ʼ', ''), 'ʻ', ''), 'ʹ', ''), '′', ''), '·', '') ELSE category END,
    CASE WHEN city GLOB '*[''’‘‛´`ʼʻʹ′·]*' THEN city || ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(city, '''', ''), '’', ''), '‘', ''), '‛', ''), '´', ''), '`', ''), 'ʼ', ''), 'ʻ', ''), 'ʹ', ''), '′', ''), '·', '') ELSE city END,
    CASE WHEN country GLOB '*[''’‘‛´`ʼʻʹ′·]*' THEN country || ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(country, '''', ''), '’', ''), '‘', ''), '‛', ''), '´', ''), '`', ''), 'ʼ', ''), 'ʻ', ''), 'ʹ', ''), '′', ''), '·', '') ELSE country END
FROM businesses
WHERE name GLOB '*[''’‘‛´`ʼʻʹ′·]*' OR type GLOB '*[''’‘‛´`ʼʻʹ′·]*' OR category GLOB '*[''’‘‛´`ʼʻʹ′·]*' OR city GLOB '*[''’‘‛´`ʼʻʹ′·]*' OR country GLOB '*[''’‘‛´`ʼʻʹ′·]*';

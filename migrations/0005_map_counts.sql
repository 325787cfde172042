-- Map counts (decision 111): approved businesses with a map cell counted per Web Mercator tile at
-- the zooms of map_count_zooms (app/lib/map/map-clusters.ts MAP_COUNT_ZOOMS holds the same list), each
-- tile with the sums of its businesses' coordinates, so /api/map answers a wide view from a few
-- hundred tile rows and puts each cluster at its businesses' mean position; and the sums per city,
-- so the basemap's place labels sit where a city's businesses are. Kept exact like the summary
-- tables (decision 002): row triggers through the map_delta view, bulk writes included (114).
-- A tile is the stored cell shifted right: geo_cell >> (2 * (20 - zoom)).

CREATE TABLE `map_cell_counts` (
	`zoom` integer NOT NULL,
	`tile` integer NOT NULL,
	`business_count` integer NOT NULL,
	`latitude_sum` real NOT NULL,
	`longitude_sum` real NOT NULL,
	PRIMARY KEY (`zoom`, `tile`)
) WITHOUT ROWID;

CREATE TABLE `city_positions` (
	`country_code` text NOT NULL,
	`city_slug` text NOT NULL,
	`business_count` integer NOT NULL,
	`latitude_sum` real NOT NULL,
	`longitude_sum` real NOT NULL,
	PRIMARY KEY (`country_code`, `city_slug`)
) WITHOUT ROWID;

CREATE VIEW map_count_zooms (zoom) AS VALUES (4), (6), (8), (10), (12), (14), (16), (18);

CREATE VIEW map_delta AS
SELECT NULL AS geo_cell, NULL AS latitude, NULL AS longitude, NULL AS country_code, NULL AS city_slug, 0 AS delta
WHERE 0;

CREATE TRIGGER map_delta_apply INSTEAD OF INSERT ON map_delta
BEGIN
  INSERT INTO map_cell_counts (zoom, tile, business_count, latitude_sum, longitude_sum)
  SELECT zoom, NEW.geo_cell >> (40 - 2 * zoom), NEW.delta, NEW.delta * NEW.latitude, NEW.delta * NEW.longitude
  FROM map_count_zooms WHERE true
  ON CONFLICT (zoom, tile) DO UPDATE SET business_count = business_count + excluded.business_count,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
  DELETE FROM map_cell_counts
  WHERE NEW.delta < 0 AND business_count <= 0
    AND (zoom, tile) IN (SELECT zoom, NEW.geo_cell >> (40 - 2 * zoom) FROM map_count_zooms);

  INSERT INTO city_positions (country_code, city_slug, business_count, latitude_sum, longitude_sum)
  SELECT NEW.country_code, NEW.city_slug, NEW.delta, NEW.delta * NEW.latitude, NEW.delta * NEW.longitude
  WHERE NEW.country_code IS NOT NULL AND NEW.city_slug IS NOT NULL
  ON CONFLICT (country_code, city_slug) DO UPDATE SET business_count = business_count + excluded.business_count,
    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
  DELETE FROM city_positions
  WHERE NEW.delta < 0 AND country_code = NEW.country_code AND city_slug = NEW.city_slug AND business_count <= 0;
END;

CREATE TRIGGER businesses_ai_map AFTER INSERT ON businesses
WHEN NEW.is_approved = 1 AND NEW.geo_cell IS NOT NULL
BEGIN
  INSERT INTO map_delta VALUES (NEW.geo_cell, NEW.latitude, NEW.longitude, NEW.country_code, NEW.city_slug, 1);
END;

CREATE TRIGGER businesses_au_map
AFTER UPDATE OF is_approved, geo_cell, latitude, longitude, country_code, city_slug ON businesses
WHEN OLD.is_approved IS NOT NEW.is_approved OR OLD.geo_cell IS NOT NEW.geo_cell
  OR OLD.latitude IS NOT NEW.latitude OR OLD.longitude IS NOT NEW.longitude
  OR OLD.country_code IS NOT NEW.country_code OR OLD.city_slug IS NOT NEW.city_slug
BEGIN
  INSERT INTO map_delta
  SELECT OLD.geo_cell, OLD.latitude, OLD.longitude, OLD.country_code, OLD.city_slug, -1
  WHERE OLD.is_approved = 1 AND OLD.geo_cell IS NOT NULL;
  INSERT INTO map_delta
  SELECT NEW.geo_cell, NEW.latitude, NEW.longitude, NEW.country_code, NEW.city_slug, 1
  WHERE NEW.is_approved = 1 AND NEW.geo_cell IS NOT NULL;
END;

CREATE TRIGGER businesses_ad_map AFTER DELETE ON businesses
WHEN OLD.is_approved = 1 AND OLD.geo_cell IS NOT NULL
BEGIN
  INSERT INTO map_delta VALUES (OLD.geo_cell, OLD.latitude, OLD.longitude, OLD.country_code, OLD.city_slug, -1);
END;

-- The businesses already stored (those the derived-columns walk has given a cell).
INSERT INTO map_cell_counts (zoom, tile, business_count, latitude_sum, longitude_sum)
SELECT z.zoom, b.geo_cell >> (40 - 2 * z.zoom) AS tile, count(*), sum(b.latitude), sum(b.longitude)
FROM map_count_zooms z, businesses b
WHERE b.is_approved = 1 AND b.geo_cell IS NOT NULL
GROUP BY z.zoom, tile;

INSERT INTO city_positions (country_code, city_slug, business_count, latitude_sum, longitude_sum)
SELECT country_code, city_slug, count(*), sum(latitude), sum(longitude)
FROM businesses
WHERE is_approved = 1 AND geo_cell IS NOT NULL AND country_code IS NOT NULL AND city_slug IS NOT NULL
GROUP BY country_code, city_slug;

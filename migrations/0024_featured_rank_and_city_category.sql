-- Featured Hotels opened with a nightclub, an ice-cream shop and a wedding venue, each 5.0 from a
-- handful of reviews: the old index ordered by the bare rating. The new one orders places to stay
-- first (app/lib/lodging.ts), then by a Bayesian rating with a fixed prior of 50 reviews of 4.0
-- (app/lib/featured-filters.ts featuredScore), with the rating beside it for the star chips. It is
-- an index on expressions, so no column and no writer has to keep a score: SQLite computes it on
-- every write. Its text must stay the one app/db/schema.ts builds (FEATURED_LODGING_SQL,
-- FEATURED_SCORE_SQL), which the featured query orders by; tests/unit/featured-rank.test.ts checks it.
DROP INDEX `businesses_featured`;
--> statement-breakpoint
CREATE INDEX `businesses_featured_rank` ON `businesses` ((category_slug IN ('hotel', 'hostel', 'youth-hostel', 'motel', 'motor-inn', 'inn', 'japanese-inn', 'budget-japanese-inn', 'ryokan', 'resort', 'resort-hotel', 'boutique-hotel', 'business-hotel', 'budget-hotel', 'capsule-hotel', 'spa-hotel', 'extended-stay-hotel', 'apartment-hotel', 'aparthotel', 'serviced-apartment', 'serviced-accommodation', 'holiday-apartment', 'holiday-apartment-rental', 'holiday-home', 'guest-house', 'guesthouse', 'bed-breakfast', 'bed-and-breakfast', 'homestay', 'farm-stay', 'pension', 'lodge', 'lodging')), ((rating * reviews + 200.0) / (reviews + 50)), `rating`) WHERE is_approved = 1 AND rating > 0;
--> statement-breakpoint
-- A city's list narrowed to one of its categories (/cities/{cc}/{city}?category=slug), newest first.
CREATE INDEX `businesses_city_category_page` ON `businesses` (`country_code`, `city_slug`, `category_slug`, `id`) WHERE is_approved = 1;

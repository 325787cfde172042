-- Admin business list at 2,000,000 rows (docs/decisions/031-admin-business-list.md).
-- The admin sees unapproved businesses too, so the partial public indexes (is_approved = 1)
-- cannot serve it. Sorting by rating or review count walks these indexes and stops after a
-- page; the category filter walks (category_slug, name) and stops after a page when sorted by
-- name (other sorts read that category's rows).
CREATE INDEX `businesses_rating` ON `businesses` (`rating`, `id`);
CREATE INDEX `businesses_reviews` ON `businesses` (`reviews`, `id`);
CREATE INDEX `businesses_category_name` ON `businesses` (`category_slug`, `name`);

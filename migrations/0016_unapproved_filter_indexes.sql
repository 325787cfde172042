-- The admin's category and country lists (the business list's filter, the export dialog) came
-- from the summary tables, which count approved businesses only: a category or country whose
-- businesses were all unapproved could not be chosen, so those businesses could not be found by
-- it to approve them again. These small indexes hold unapproved businesses only (none are
-- written by an import, which approves), so their distinct categories and countries are read
-- one index step each (app/models/admin-stats.server.ts).
CREATE INDEX `businesses_unapproved_category` ON `businesses` (`category_slug`) WHERE is_approved = 0;--> statement-breakpoint
CREATE INDEX `businesses_unapproved_country` ON `businesses` (`country_code`) WHERE is_approved = 0;

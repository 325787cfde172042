-- Names in Khmer are now indexed with their written clusters (decision 095), so "វត្ត" finds
-- "សណ្ឋាគារអង្គរវត្ត": workerd has no Khmer dictionary, so migration 0014's words left such runs
-- whole. When a name holds Khmer letters, this leaves the cursor of the inner-words walk
-- (decision 091) at the first row, as 0014 does, and the 6-hourly cron writes each name's inner
-- words again (app/lib/search-inner-words.ts); a walk under way starts again from the first row.
INSERT INTO app_state (key, value)
SELECT 'search_bigrams_backfill_after', '0'
WHERE EXISTS (SELECT 1 FROM businesses WHERE name GLOB '*[ក-៿]*')
ON CONFLICT (key) DO UPDATE SET value = '0';

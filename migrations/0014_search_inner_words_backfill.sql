-- Names in Thai, Lao, Burmese or Khmer are now indexed with their dictionary words too
-- (decision 094), so "แมนดาริน" finds "โรงแรมแมนดาริน". Businesses stored before have none: when
-- a name holds such letters, this leaves the cursor of the inner-words walk of 0012 (decision
-- 091), which the 6-hourly cron starts through the queue and which writes each name's inner words
-- (computed in JavaScript: app/lib/search-inner-words.ts). A walk of 0012 still under way starts
-- again from the first row, as it has passed rows it did not then give words. D1 refuses a GLOB
-- over 50 bytes.
INSERT INTO app_state (key, value)
SELECT 'search_bigrams_backfill_after', '0'
WHERE EXISTS (SELECT 1 FROM businesses WHERE name GLOB '*[฀-໿က-႟ក-៿]*')
ON CONFLICT (key) DO UPDATE SET value = '0';

-- Businesses stored before 0011 have no search bigrams, so a Chinese, Japanese or Korean word
-- inside their names is not found until they are imported again (decision 091). When a name
-- holding such characters (Han, kana, half-width kana, Hangul) lacks them, this leaves a cursor
-- in app_state; the 6-hourly cron starts a walk of the table from it through the queue, which
-- writes each name's bigrams (computed in JavaScript: app/models/search-bigrams-backfill.server.ts)
-- and drops the cursor at the end. Two GLOBs: D1 refuses a pattern over 50 bytes.
INSERT INTO app_state (key, value)
SELECT 'search_bigrams_backfill_after', '0'
WHERE EXISTS (
  SELECT 1 FROM businesses
  WHERE search_bigrams IS NULL AND (name GLOB '*[一-鿿㐀-䶿豈-﫿ぁ-ヿ]*' OR name GLOB '*[ｦ-ﾟ가-힣ㄱ-ㆎ]*')
)
ON CONFLICT (key) DO NOTHING;

import { createExecutionContext, createMessageBatch, createScheduledController, env, getQueueResult } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { nameSortKey } from "~/lib/name-order";
import { nameInnerWords } from "~/lib/search-inner-words";
import { listAdminBusinesses } from "~/models/admin-business.server";
import { backfillDerivedColumnsStep } from "~/models/derived-columns-backfill.server";
import { searchBusinesses } from "~/models/search.server";
import migration0012 from "../../migrations/0012_search_bigrams_backfill.sql?raw";
import migration0014 from "../../migrations/0014_search_inner_words_backfill.sql?raw";
import migration0015 from "../../migrations/0015_search_khmer_clusters_backfill.sql?raw";
import migration0018 from "../../migrations/0018_search_country_code_beside_unknown_text.sql?raw";
import migration0019 from "../../migrations/0019_admin_name_order.sql?raw";
import worker from "../../workers/app";
import { UPKEEP_CRON } from "../../workers/cron-schedules";
import type { QueueMessage } from "../../workers/queue-messages";
import { backfillDerivedColumnsRound } from "../../workers/derived-columns-backfill";
import { pausingDb, recordingEnv } from "./import-support";
import { insert, record } from "./support/public-fixtures";

// Businesses stored before migration 0011 have no search bigrams, nor before 0018 the country code
// beside a country text the site does not know, nor before 0019 their name's sort key: the queue
// writes them (decisions 091, 101, 102).

/** 0018's last statement: the walk's cursor, left when a business has a country text and a code. */
const migration0018Cursor = migration0018.split("--> statement-breakpoint").at(-1)!;
/** 0019's first statement: the walk's cursor, left when a name is not ASCII. */
const migration0019Cursor = migration0019.split("--> statement-breakpoint")[0]!;

const names = async (q: string) => (await searchBusinesses(env.DB, { q, page: 1 })).businesses.map((b) => b.name).sort();
const cursor = async () => (await env.DB.prepare(`SELECT value FROM app_state WHERE key = 'search_bigrams_backfill_after'`).first<{ value: string }>())?.value ?? null;
const NAMES = ["北京饭店", "Grand Hotel", "上海外滩酒店", "Hôtel de Crillon", "東京ホテル", "Pension Zur Post", "서울신라호텔", "ｽﾃｰｼｮﾝﾎﾃﾙ", "Bund Inn"];

/** The directory as a database from before 0011 holds it: the names without their bigrams. */
async function storedBeforeBigrams() {
  await env.DB.prepare(`DELETE FROM businesses`).run();
  await insert(...NAMES.map((name, i) => record({ name, placeId: `bigrams-${i}` })));
  await env.DB.batch([
    env.DB.prepare(`UPDATE businesses SET search_bigrams = NULL`),
    env.DB.prepare(`DELETE FROM app_state WHERE key = 'search_bigrams_backfill_after'`),
    env.DB.prepare(migration0012),
  ]);
}

/** Runs `migration` on a directory where no row lacks what it looks for: it leaves no walk. */
async function expectNoWalkLeftBy(migration: string) {
  await env.DB.batch([env.DB.prepare(`DELETE FROM app_state WHERE key = 'search_bigrams_backfill_after'`), env.DB.prepare(migration)]);
  expect(await cursor()).toBeNull();
}

/**
 * `reset` makes the rows what a database from before `migration` held, while an earlier walk is
 * half-way through the table; the migration leaves the walk due again from the first row.
 */
async function expectWalkFromStartAfter(reset: string, migration: string) {
  await env.DB.batch([
    env.DB.prepare(reset),
    env.DB.prepare(`INSERT INTO app_state (key, value) VALUES ('search_bigrams_backfill_after', '999999') ON CONFLICT (key) DO UPDATE SET value = excluded.value`),
    env.DB.prepare(migration),
  ]);
  expect(await cursor()).toBe("0");
}

async function storedBigrams() {
  return (await env.DB.prepare(`SELECT name, search_bigrams FROM businesses ORDER BY id`).all<{ name: string; search_bigrams: string | null }>()).results;
}

beforeEach(storedBeforeBigrams);

describe("the search bigrams of names stored before them", () => {
  it("are written by the upkeep cron's walk, a round at a time through the queue, until a word inside each name is found", async () => {
    expect(await names("饭店")).toEqual([]);
    expect(await names("ホテル")).toEqual([]);
    expect(await cursor()).toBe("0");
    // More businesses than a round of ten steps of 2 rows reads.
    const plain = Array.from({ length: 15 }, (_, i) => `Plain Inn ${i}`);
    await insert(...plain.map((name, i) => record({ name, placeId: `plain-${i}` })));

    // The 6-hourly upkeep starts the walk.
    const { env: cron, sent: started } = recordingEnv();
    await worker.scheduled(createScheduledController({ cron: UPKEEP_CRON, scheduledTime: Date.now() }), cron);
    expect(started.filter((m) => m.kind === "searchBigrams.backfill")).toHaveLength(1);

    // A round of ten steps of 2 rows goes on to a second round, which ends at the table's end.
    const { env: queue, sent } = recordingEnv();
    await backfillDerivedColumnsRound(queue, 2);
    expect(sent).toEqual([{ kind: "searchBigrams.backfill" }]);
    expect(await cursor()).not.toBe("0");
    // The next round, delivered as the queue delivers it.
    const batch = createMessageBatch<QueueMessage>("directory-jobs", [{ id: "bigrams-1", timestamp: new Date(), attempts: 1, body: { kind: "searchBigrams.backfill" } }]);
    const ctx = createExecutionContext();
    await worker.queue(batch, queue);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["bigrams-1"]);
    expect(sent).toHaveLength(1);

    expect(await storedBigrams()).toEqual([...NAMES, ...plain].map((name) => ({ name, search_bigrams: nameInnerWords(name) })));
    expect(await names("饭店")).toEqual(["北京饭店"]);
    expect(await names("ホテル")).toEqual(["東京ホテル", "ｽﾃｰｼｮﾝﾎﾃﾙ"]);
    expect(await names("신라")).toEqual(["서울신라호텔"]);
    expect(await names("crillon")).toEqual(["Hôtel de Crillon"]);
    // Walked: the cursor is gone and the cron starts nothing more.
    expect(await cursor()).toBeNull();
    const { env: later, sent: laterSent } = recordingEnv();
    await worker.scheduled(createScheduledController({ cron: UPKEEP_CRON, scheduledTime: Date.now() }), later);
    expect(laterSent.filter((m) => m.kind === "searchBigrams.backfill")).toEqual([]);
  });

  it("are due only where a Chinese, Japanese or Korean name lacks them: the migration leaves no walk on a directory written since", async () => {
    await insert(...NAMES.map((name, i) => record({ name, placeId: `bigrams-${i}` })));
    await expectNoWalkLeftBy(migration0012);
    expect(await backfillDerivedColumnsStep(env.DB)).toBeNull();
  });

  it("are written once by two walks started together, and the one that lost the cursor stops", async () => {
    // One walk pauses before its write; the other moves the cursor meanwhile.
    const paused = pausingDb(1);
    const first = backfillDerivedColumnsStep(paused.db, 4);
    await paused.reached;
    expect(await backfillDerivedColumnsStep(env.DB, 4)).toEqual({ updated: 2, more: true });
    paused.release();
    expect(await first).toEqual({ updated: 0, more: false });
    expect(await backfillDerivedColumnsStep(env.DB, 4)).toEqual({ updated: 3, more: true });
    expect(await backfillDerivedColumnsStep(env.DB, 4)).toEqual({ updated: 0, more: false });
    expect(await storedBigrams()).toEqual(NAMES.map((name) => ({ name, search_bigrams: nameInnerWords(name) })));
  });

  it("are due where a Thai, Lao, Burmese or Khmer name was stored before its dictionary words (migration 0014)", async () => {
    await env.DB.prepare(`DELETE FROM businesses`).run();
    await insert(record({ name: "Grand Hotel", placeId: "sea-1" }));
    await expectNoWalkLeftBy(migration0014);

    await insert(record({ name: "โรงแรมแมนดารินโอเรียนเต็ล", placeId: "sea-2" }), record({ name: "ဟိုတယ်ရန်ကုန်", placeId: "sea-3" }));
    await expectWalkFromStartAfter(`UPDATE businesses SET search_bigrams = NULL`, migration0014);
    expect(await names("แมนดาริน")).toEqual([]);
    expect(await backfillDerivedColumnsStep(env.DB)).toEqual({ updated: 2, more: false });
    expect(await names("แมนดาริน")).toEqual(["โรงแรมแมนดารินโอเรียนเต็ล"]);
    expect(await names("ရန်ကုန်")).toEqual(["ဟိုတယ်ရန်ကုန်"]);
    expect(await cursor()).toBeNull();
  });

  it("are due where a Khmer name was stored before its written clusters (migration 0015)", async () => {
    await env.DB.prepare(`DELETE FROM businesses`).run();
    await insert(record({ name: "โรงแรมแมนดารินโอเรียนเต็ล", placeId: "sea-1" }));
    await expectNoWalkLeftBy(migration0015);

    // As migration 0014's words left it in workerd: a Khmer run whole, so no inner words.
    await insert(record({ name: "សណ្ឋាគារអង្គរវត្ត", placeId: "khm-1" }));
    await expectWalkFromStartAfter(`UPDATE businesses SET search_bigrams = NULL WHERE place_id = 'khm-1'`, migration0015);
    expect(await names("វត្ត")).toEqual([]);
    expect(await backfillDerivedColumnsStep(env.DB)).toEqual({ updated: 1, more: false });
    expect(await names("វត្ត")).toEqual(["សណ្ឋាគារអង្គរវត្ត"]);
    expect(await cursor()).toBeNull();
  });

  it("leave a name an import wrote during a step as the import wrote it", async () => {
    const paused = pausingDb(1);
    const step = backfillDerivedColumnsStep(paused.db, 20);
    await paused.reached;
    await insert(record({ name: "上海和平饭店", placeId: "bigrams-2" }));
    paused.release();
    expect(await step).toEqual({ updated: 4, more: false });
    const renamed = (await storedBigrams())[2]!;
    expect(renamed).toEqual({ name: "上海和平饭店", search_bigrams: nameInnerWords("上海和平饭店") });
    expect(await names("和平")).toEqual(["上海和平饭店"]);
  });

  it("write the country code beside a country text the site does not know, so a search in that country finds the business (migration 0018)", async () => {
    await env.DB.prepare(`DELETE FROM businesses`).run();
    await insert(record({ name: "Zermatt Lodge", placeId: "ch-1", country: null, countryCode: "CH" }));
    // No business with both a country text and a code: no walk.
    await expectNoWalkLeftBy(migration0018Cursor);

    await insert(
      record({ name: "Zermatt Chalet", placeId: "ch-2", country: "Sveitsi", countryCode: "CH" }),
      record({ name: "Zermatt Inn", placeId: "ch-3", country: "Switzerland", countryCode: "CH" }),
    );
    // As a database from before 0018 holds them: no code beside any country text.
    await expectWalkFromStartAfter(`UPDATE businesses SET search_country_code = NULL`, migration0018Cursor);
    const inSwitzerland = async () => (await searchBusinesses(env.DB, { q: "zermatt", location: "Switzerland", page: 1 })).businesses.map((b) => b.name).sort();
    expect(await inSwitzerland()).toEqual(["Zermatt Inn", "Zermatt Lodge"]);
    expect(await backfillDerivedColumnsStep(env.DB)).toEqual({ updated: 1, more: false });
    expect(await inSwitzerland()).toEqual(["Zermatt Chalet", "Zermatt Inn", "Zermatt Lodge"]);
    expect(await cursor()).toBeNull();
  });

  it("leave a country an import wrote during a step as the import wrote it", async () => {
    await env.DB.prepare(`DELETE FROM businesses`).run();
    await insert(record({ name: "Zermatt Chalet", placeId: "ch-2", country: "Sveitsi", countryCode: "CH" }));
    await expectWalkFromStartAfter(`UPDATE businesses SET search_country_code = NULL`, migration0018Cursor);
    const paused = pausingDb(1);
    const step = backfillDerivedColumnsStep(paused.db, 20);
    await paused.reached;
    // The file now names the country as the site knows it: no code is due beside it.
    await insert(record({ name: "Zermatt Chalet", placeId: "ch-2", country: "Switzerland", countryCode: "CH" }));
    paused.release();
    expect(await step).toEqual({ updated: 0, more: false });
    expect(await env.DB.prepare(`SELECT country, search_country_code FROM businesses`).first()).toEqual({ country: "Switzerland", search_country_code: null });
  });

  it("write a name's sort key, so the admin's list sorted by name puts it among the letters it reads as (migration 0019)", async () => {
    await env.DB.prepare(`DELETE FROM businesses`).run();
    await insert(record({ name: "Zulu Lodge", placeId: "z-1" }), record({ name: "apple Inn", placeId: "a-1" }));
    await expectNoWalkLeftBy(migration0019Cursor);

    await insert(record({ name: "Çelik Otel", placeId: "c-1" }), record({ name: "Banana Hotel", placeId: "b-1" }));
    // As a database from before 0019 holds them: no sort key.
    await expectWalkFromStartAfter(`UPDATE businesses SET name_sort = NULL`, migration0019Cursor);
    const byName = async () => (await listAdminBusinesses(env.DB, { page: 1, sortBy: "name", sortOrder: "asc" })).businesses.map((b) => b.name);
    expect(await byName()).toEqual(["apple Inn", "Banana Hotel", "Zulu Lodge", "Çelik Otel"]);
    expect(await backfillDerivedColumnsStep(env.DB)).toEqual({ updated: 1, more: false });
    expect(await byName()).toEqual(["apple Inn", "Banana Hotel", "Çelik Otel", "Zulu Lodge"]);
    expect(await env.DB.prepare(`SELECT name_sort FROM businesses WHERE place_id = 'c-1'`).first("name_sort")).toBe(nameSortKey("Çelik Otel"));
    expect(await cursor()).toBeNull();
  });
});

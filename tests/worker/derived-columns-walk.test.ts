import { createExecutionContext, createMessageBatch, createScheduledController, env, getQueueResult } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { DERIVED_COLUMNS, DERIVED_COLUMNS_VERSION } from "~/lib/business/business-record";
import { nameSortKey } from "~/lib/business/name-order";
import { nameInnerWords } from "~/lib/search/search-inner-words";
import { listAdminBusinesses } from "~/models/admin-business.server";
import { derivedColumnsWalkDue, walkDerivedColumnsStep } from "~/models/derived-columns-walk.server";
import { searchBusinesses } from "~/models/search.server";
import worker from "../../workers/app";
import { UPKEEP_CRON } from "../../workers/cron-schedules";
import type { QueueMessage } from "~/models/queue-messages.server";
import { walkDerivedColumnsRound } from "../../workers/derived-columns-walk";
import { pausingDb, recordingEnv } from "./import-support";
import { insert, record } from "./support/public-fixtures";
import { searchIndexDrift, storedDerivedColumns } from "./support/search-index";

// The columns derived in JavaScript (the search text's folded copies, the name's inner words, the
// country code beside its text, the name's sort key) are
// re-derived for every stored business when their definition's version changes: the queue
// writes them (decision 091). Rows "stored under an earlier definition" are made here by
// clearing a column, then the version is moved as a code change would move it.

const names = async (q: string) => (await searchBusinesses(env.DB, { q, page: 1 })).businesses.map((b) => b.name).sort();
const cursor = async () => (await env.DB.prepare(`SELECT value FROM app_state WHERE key = 'derived_columns_walk_after'`).first<{ value: string }>())?.value ?? null;
const NAMES = ["北京饭店", "Grand Hotel", "上海外滩酒店", "Hôtel de Crillon", "東京ホテル", "Pension Zur Post", "서울신라호텔", "ｽﾃｰｼｮﾝﾎﾃﾙ", "Bund Inn"];

/** A version no earlier test stored: what a changed derivation brings. */
let nextVersion = DERIVED_COLUMNS_VERSION + 100;

/**
 * `reset` makes the rows what an earlier definition stored, while an earlier walk is half-way
 * through the table; the changed version leaves the walk due again from the first row.
 */
async function expectWalkFromStartAfter(reset: string) {
  await env.DB.batch([
    env.DB.prepare(reset),
    env.DB.prepare(`INSERT INTO app_state (key, value) VALUES ('derived_columns_walk_after', '999999') ON CONFLICT (key) DO UPDATE SET value = excluded.value`),
  ]);
  expect(await derivedColumnsWalkDue(env.DB, ++nextVersion)).toBe(true);
  expect(await cursor()).toBe("0");
}

/** The directory as an earlier definition left it: the names without their inner words. */
async function storedBeforeInnerWords() {
  await env.DB.prepare(`DELETE FROM businesses`).run();
  await insert(...NAMES.map((name, i) => record({ name, placeId: `bigrams-${i}` })));
  await expectWalkFromStartAfter(`UPDATE businesses SET name_inner_words = NULL`);
}

async function storedInnerWords() {
  return (await env.DB.prepare(`SELECT name, name_inner_words FROM businesses ORDER BY id`).all<{ name: string; name_inner_words: string | null }>()).results;
}

beforeEach(storedBeforeInnerWords);

describe("the derived columns of businesses stored under an earlier definition", () => {
  it("are re-derived by the upkeep cron's walk, a round at a time through the queue, until a word inside each name is found", async () => {
    expect(await names("饭店")).toEqual([]);
    expect(await names("ホテル")).toEqual([]);
    expect(await cursor()).toBe("0");
    // More businesses than a round of ten steps of 2 rows reads.
    const plain = Array.from({ length: 15 }, (_, i) => `Plain Inn ${i}`);
    await insert(...plain.map((name, i) => record({ name, placeId: `plain-${i}` })));

    // The 6-hourly upkeep goes on with the walk the version change left due.
    const { env: cron, sent: started } = recordingEnv();
    await worker.scheduled(createScheduledController({ cron: UPKEEP_CRON, scheduledTime: Date.now() }), cron);
    expect(started.filter((m) => m.kind === "derivedColumns.walk")).toHaveLength(1);

    // A round of ten steps of 2 rows goes on to a second round, which ends at the table's end.
    const { env: queue, sent } = recordingEnv();
    await walkDerivedColumnsRound(queue, 2);
    expect(sent).toEqual([{ kind: "derivedColumns.walk" }]);
    expect(await cursor()).not.toBe("0");
    // The next round, delivered as the queue delivers it (under the message's earlier name,
    // which is still understood).
    const batch = createMessageBatch<QueueMessage>("directory-jobs", [{ id: "bigrams-1", timestamp: new Date(), attempts: 1, body: { kind: "searchBigrams.backfill" } }]);
    const ctx = createExecutionContext();
    await worker.queue(batch, queue);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["bigrams-1"]);
    expect(sent).toHaveLength(1);

    expect(await storedInnerWords()).toEqual([...NAMES, ...plain].map((name) => ({ name, name_inner_words: nameInnerWords(name) })));
    expect(await names("饭店")).toEqual(["北京饭店"]);
    expect(await names("ホテル")).toEqual(["東京ホテル", "ｽﾃｰｼｮﾝﾎﾃﾙ"]);
    expect(await names("신라")).toEqual(["서울신라호텔"]);
    expect(await names("crillon")).toEqual(["Hôtel de Crillon"]);
    // Walked: the cursor is gone and the cron starts nothing more while the version stands.
    expect(await cursor()).toBeNull();
    const { env: later, sent: laterSent } = recordingEnv();
    await worker.scheduled(createScheduledController({ cron: UPKEEP_CRON, scheduledTime: Date.now() }), later);
    expect(laterSent.filter((m) => m.kind === "derivedColumns.walk")).toEqual([]);
  });

  it("re-derive and re-index every row, each column, when the version changes, and nothing while it stands", async () => {
    await env.DB.prepare(`DELETE FROM businesses`).run();
    const rows = [
      record({ name: "Çelik Otel", placeId: "v-1", country: "Sveitsi", countryCode: "CH" }),
      record({ name: "東京ホテル", placeId: "v-2" }),
      record({ name: "Grand Hotel", placeId: "v-3" }),
      record({ name: "Müller’s Gasthof", placeId: "v-4", type: "Gasthaus Straße", category: "Gästehaus", city: "L'Aquila", country: "Ελλάδα", countryCode: "GR" }),
      record({ name: "Kodlu Otel", placeId: "v-5", country: null, countryCode: "TR" }),
    ];
    await insert(...rows);
    // The walk beforeEach left due runs to its end first.
    while ((await walkDerivedColumnsStep(env.DB))?.more);
    const written = await storedDerivedColumns();
    expect(await searchIndexDrift()).toEqual({ extra: [], missing: [] });
    // Every derived column as an earlier definition might have left it, and indexed so.
    await env.DB.prepare(`UPDATE businesses SET ${DERIVED_COLUMNS.map((column) => `${column} = 'stale'`).join(", ")}`).run();
    expect(await names("stale")).toHaveLength(rows.length);
    expect(await names("strasse")).toEqual([]);
    expect((await searchIndexDrift()).extra).not.toEqual([]);
    expect(await derivedColumnsWalkDue(env.DB, nextVersion)).toBe(false);
    expect(await derivedColumnsWalkDue(env.DB, ++nextVersion)).toBe(true);
    expect(await walkDerivedColumnsStep(env.DB)).toEqual({ updated: rows.length, more: false });
    expect(await storedDerivedColumns()).toEqual(written);
    // The update trigger re-indexed every row: term for term what derivedColumns gives.
    expect(await searchIndexDrift()).toEqual({ extra: [], missing: [] });
    expect(await names("stale")).toEqual([]);
    expect(await names("mullers strasse")).toEqual(["Müller’s Gasthof"]);
    expect(await derivedColumnsWalkDue(env.DB, nextVersion)).toBe(false);
    expect(await walkDerivedColumnsStep(env.DB)).toBeNull();
  });

  it("give businesses stored before their folded copies those copies, so a visitor's spelling finds them", async () => {
    await env.DB.prepare(`DELETE FROM businesses`).run();
    await insert(
      record({ name: "Trattoria D'Angelo", placeId: "f-1" }),
      record({ name: "Gasthof zur Straße", placeId: "f-2", city: "Tromsø", country: "Norge", countryCode: "NO" }),
      record({ name: "Ξενοδοχείο Ακρόπολις", placeId: "f-3", city: "Αθήνα", country: "Ελλάδα", countryCode: "GR" }),
      record({ name: "Grand Hotel", placeId: "f-4" }),
    );
    const folded = ["name_folded", "type_folded", "category_folded", "city_folded", "country_folded"];
    await expectWalkFromStartAfter(`UPDATE businesses SET ${folded.map((column) => `${column} = NULL`).join(", ")}`);
    for (const q of ["dangelo", "strasse", "ακροπολις", "tromso"]) expect(await names(q), q).toEqual([]);
    expect(await walkDerivedColumnsStep(env.DB)).toEqual({ updated: 3, more: false });
    expect(await names("dangelo")).toEqual(["Trattoria D'Angelo"]);
    expect(await names("strasse")).toEqual(["Gasthof zur Straße"]);
    expect(await names("ακροπολις")).toEqual(["Ξενοδοχείο Ακρόπολις"]);
    expect((await searchBusinesses(env.DB, { q: "gasthof", location: "tromso", page: 1 })).businesses.map((b) => b.name)).toEqual(["Gasthof zur Straße"]);
    expect(await searchIndexDrift()).toEqual({ extra: [], missing: [] });
  });

  it("are written once by two walks started together, and the one that lost the cursor stops", async () => {
    // One walk pauses before its write; the other moves the cursor meanwhile.
    const paused = pausingDb(1);
    const first = walkDerivedColumnsStep(paused.db, 4);
    await paused.reached;
    expect(await walkDerivedColumnsStep(env.DB, 4)).toEqual({ updated: 2, more: true });
    paused.release();
    expect(await first).toEqual({ updated: 0, more: false });
    expect(await walkDerivedColumnsStep(env.DB, 4)).toEqual({ updated: 3, more: true });
    expect(await walkDerivedColumnsStep(env.DB, 4)).toEqual({ updated: 0, more: false });
    expect(await storedInnerWords()).toEqual(NAMES.map((name) => ({ name, name_inner_words: nameInnerWords(name) })));
  });

  it("give a Thai, Lao or Burmese name stored before its dictionary words those words", async () => {
    await env.DB.prepare(`DELETE FROM businesses`).run();
    await insert(record({ name: "Grand Hotel", placeId: "sea-1" }));

    await insert(record({ name: "โรงแรมแมนดารินโอเรียนเต็ล", placeId: "sea-2" }), record({ name: "ဟိုတယ်ရန်ကုန်", placeId: "sea-3" }));
    await expectWalkFromStartAfter(`UPDATE businesses SET name_inner_words = NULL`);
    expect(await names("แมนดาริน")).toEqual([]);
    expect(await walkDerivedColumnsStep(env.DB)).toEqual({ updated: 2, more: false });
    expect(await names("แมนดาริน")).toEqual(["โรงแรมแมนดารินโอเรียนเต็ล"]);
    expect(await names("ရန်ကုန်")).toEqual(["ဟိုတယ်ရန်ကုန်"]);
    expect(await cursor()).toBeNull();
  });

  it("give a Khmer name stored before its written clusters those clusters", async () => {
    await env.DB.prepare(`DELETE FROM businesses`).run();
    await insert(record({ name: "โรงแรมแมนดารินโอเรียนเต็ล", placeId: "sea-1" }));

    // As a definition without Khmer clusters left it: a Khmer run whole, so no inner words.
    await insert(record({ name: "សណ្ឋាគារអង្គរវត្ត", placeId: "khm-1" }));
    await expectWalkFromStartAfter(`UPDATE businesses SET name_inner_words = NULL WHERE place_id = 'khm-1'`);
    expect(await names("វត្ត")).toEqual([]);
    expect(await walkDerivedColumnsStep(env.DB)).toEqual({ updated: 1, more: false });
    expect(await names("វត្ត")).toEqual(["សណ្ឋាគារអង្គរវត្ត"]);
    expect(await cursor()).toBeNull();
  });

  it("leave a name an import wrote during a step as the import wrote it", async () => {
    const paused = pausingDb(1);
    const step = walkDerivedColumnsStep(paused.db, 20);
    await paused.reached;
    await insert(record({ name: "上海和平饭店", placeId: "bigrams-2" }));
    paused.release();
    expect(await step).toEqual({ updated: 4, more: false });
    const renamed = (await storedInnerWords())[2]!;
    expect(renamed).toEqual({ name: "上海和平饭店", name_inner_words: nameInnerWords("上海和平饭店") });
    expect(await names("和平")).toEqual(["上海和平饭店"]);
  });

  it("write the country code beside a country text the site does not know, so a search in that country finds the business", async () => {
    await env.DB.prepare(`DELETE FROM businesses`).run();
    await insert(record({ name: "Zermatt Lodge", placeId: "ch-1", country: null, countryCode: "CH" }));

    await insert(
      record({ name: "Zermatt Chalet", placeId: "ch-2", country: "Sveitsi", countryCode: "CH" }),
      record({ name: "Zermatt Inn", placeId: "ch-3", country: "Switzerland", countryCode: "CH" }),
    );
    // As a definition without it stored them: no code beside any country text, nor in place of none.
    await expectWalkFromStartAfter(`UPDATE businesses SET search_country_code = NULL`);
    const inSwitzerland = async () => (await searchBusinesses(env.DB, { q: "zermatt", location: "Switzerland", page: 1 })).businesses.map((b) => b.name).sort();
    expect(await inSwitzerland()).toEqual(["Zermatt Inn"]);
    expect(await walkDerivedColumnsStep(env.DB)).toEqual({ updated: 2, more: false });
    expect(await inSwitzerland()).toEqual(["Zermatt Chalet", "Zermatt Inn", "Zermatt Lodge"]);
    expect(await cursor()).toBeNull();
  });

  it("leave a country an import wrote during a step as the import wrote it", async () => {
    await env.DB.prepare(`DELETE FROM businesses`).run();
    await insert(record({ name: "Zermatt Chalet", placeId: "ch-2", country: "Sveitsi", countryCode: "CH" }));
    await expectWalkFromStartAfter(`UPDATE businesses SET search_country_code = NULL`);
    const paused = pausingDb(1);
    const step = walkDerivedColumnsStep(paused.db, 20);
    await paused.reached;
    // The file now names the country as the site knows it: no code is due beside it.
    await insert(record({ name: "Zermatt Chalet", placeId: "ch-2", country: "Switzerland", countryCode: "CH" }));
    paused.release();
    expect(await step).toEqual({ updated: 0, more: false });
    expect(await env.DB.prepare(`SELECT country, search_country_code FROM businesses`).first()).toEqual({ country: "Switzerland", search_country_code: null });
  });

  it("write a name's sort key, so the admin's list sorted by name puts it among the letters it reads as", async () => {
    await env.DB.prepare(`DELETE FROM businesses`).run();
    await insert(record({ name: "Zulu Lodge", placeId: "z-1" }), record({ name: "apple Inn", placeId: "a-1" }));

    await insert(record({ name: "Çelik Otel", placeId: "c-1" }), record({ name: "Banana Hotel", placeId: "b-1" }));
    // As a definition without sort keys stored them.
    await expectWalkFromStartAfter(`UPDATE businesses SET name_sort = NULL`);
    const byName = async () => (await listAdminBusinesses(env.DB, { page: 1, sortBy: "name", sortOrder: "asc" })).businesses.map((b) => b.name);
    expect(await byName()).toEqual(["apple Inn", "Banana Hotel", "Zulu Lodge", "Çelik Otel"]);
    expect(await walkDerivedColumnsStep(env.DB)).toEqual({ updated: 1, more: false });
    expect(await byName()).toEqual(["apple Inn", "Banana Hotel", "Çelik Otel", "Zulu Lodge"]);
    expect(await env.DB.prepare(`SELECT name_sort FROM businesses WHERE place_id = 'c-1'`).first("name_sort")).toBe(nameSortKey("Çelik Otel"));
    expect(await cursor()).toBeNull();
  });
});

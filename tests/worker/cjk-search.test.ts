import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { searchBusinesses } from "~/models/search.server";
import { insert, record } from "./support/public-fixtures";

const shanghai = { city: "上海", country: "China", countryCode: "CN", fullAddress: "中山东一路2号, 上海", timeZone: "Asia/Shanghai" };

beforeAll(async () => {
  await insert(
    record({ name: "上海外滩华尔道夫酒店", placeId: "cjk-1", ...shanghai }),
    record({ name: "東京ステーションホテル", placeId: "cjk-2", city: "東京", country: "Japan", countryCode: "JP", fullAddress: "丸の内1-9-1, 東京" }),
    record({ name: "서울신라호텔", placeId: "cjk-3", city: "서울", country: "South Korea", countryCode: "KR", fullAddress: "동호로 249, 서울" }),
    record({ name: "The Peninsula Shanghai", placeId: "cjk-4", city: "Shanghai", country: "China", countryCode: "CN", fullAddress: "32 The Bund, Shanghai" }),
  );
});

const names = async (q: string, location?: string) => (await searchBusinesses(env.DB, { q, location, page: 1 })).businesses.map((b) => b.name);

describe("search in Chinese, Japanese and Korean names", () => {
  it("finds a word inside a name, the whole name, and Latin words as before", async () => {
    for (const q of ["酒店", "外滩", "华尔道夫", "外滩华尔道夫", "上海外滩华尔道夫酒店", "上海外滩华尔道夫酒店 hotel"]) expect(await names(q), q).toEqual(["上海外滩华尔道夫酒店"]);
    for (const q of ["ホテル", "ステーション", "ｽﾃｰｼｮﾝ", "東京ステーションホテル"]) expect(await names(q), q).toEqual(["東京ステーションホテル"]);
    for (const q of ["신라", "신라호텔", "서울신라호텔"]) expect(await names(q), q).toEqual(["서울신라호텔"]);
    expect(await names("外滩酒店")).toEqual([]);
    expect(await names("peninsula")).toEqual(["The Peninsula Shanghai"]);
    expect(await names("酒店", "China")).toEqual(["上海外滩华尔道夫酒店"]);
    expect(await names("hotel", "上海")).toEqual(["上海外滩华尔道夫酒店"]);
  });

  it("finds a place by the start of its name, as it is often stored with what it is (市, 都, 광역시)", async () => {
    await insert(
      record({ name: "ホテル阪急インターナショナル", placeId: "cjk-8", city: "大阪市", country: "Japan", countryCode: "JP" }),
      record({ name: "파라다이스호텔부산", placeId: "cjk-9", city: "부산광역시", country: "South Korea", countryCode: "KR" }),
      record({ name: "京都センチュリーホテル", placeId: "cjk-10", city: "京都市", country: "Japan", countryCode: "JP" }),
    );
    expect(await names("ホテル", "大阪")).toEqual(["ホテル阪急インターナショナル"]);
    expect(await names("", "부산")).toEqual(["파라다이스호텔부산"]);
    expect(await names("hotel", "부산")).toEqual(["파라다이스호텔부산"]);
    // From the start only: 京都 is not 東京都's end.
    expect(await names("ホテル", "京都")).toEqual(["京都センチュリーホテル"]);
    // Typed with its ending, a place is found stored without it, or with another.
    expect(await names("ホテル", "東京都")).toEqual(["東京ステーションホテル"]);
    expect(await names("ホテル", "大阪府")).toEqual(["ホテル阪急インターナショナル"]);
    const page = await searchBusinesses(env.DB, { q: "ホテル", location: "大阪", page: 1 });
    expect(page.location).toEqual({ kind: "text", text: "大阪" });
  });

  it("finds a Thai or Burmese word inside a name by the dictionary words of both", async () => {
    await insert(
      record({ name: "โรงแรมแมนดารินโอเรียนเต็ล", placeId: "sea-1", city: "กรุงเทพมหานคร", country: "Thailand", countryCode: "TH" }),
      record({ name: "โรงแรมเชียงใหม่ริเวอร์ไซด์", placeId: "sea-2", city: "เชียงใหม่", country: "Thailand", countryCode: "TH" }),
      record({ name: "ဟိုတယ်ရန်ကုန်", placeId: "sea-3", city: "ရန်ကုန်", country: "Myanmar", countryCode: "MM" }),
    );
    for (const q of ["แมนดาริน", "โอเรียนเต็ล", "แมนดารินโอเรียนเต็ล", "โรงแรมแมนดาริน"]) expect(await names(q), q).toEqual(["โรงแรมแมนดารินโอเรียนเต็ล"]);
    expect((await names("โรงแรม")).sort()).toEqual(["โรงแรมเชียงใหม่ริเวอร์ไซด์", "โรงแรมแมนดารินโอเรียนเต็ล"]);
    expect(await names("ริเวอร์ไซด์")).toEqual(["โรงแรมเชียงใหม่ริเวอร์ไซด์"]);
    await insert(record({ name: "โรงแรมริมน้ำกำแพงเพชร", placeId: "sea-4", city: "กำแพงเพชร", country: "Thailand", countryCode: "TH" }));
    for (const q of ["ริมน้ำ", "น้ำ", "กำแพงเพชร"]) expect(await names(q), q).toEqual(["โรงแรมริมน้ำกำแพงเพชร"]);
    expect(await names("ရန်ကုန်")).toEqual(["ဟိုတယ်ရန်ကုန်"]);
    // A place by the start of its name, as in the other scripts written without spaces.
    expect(await names("โรงแรม", "กรุงเทพ")).toEqual(["โรงแรมแมนดารินโอเรียนเต็ล"]);
  });

  it("finds a Khmer word inside a name by its written clusters, though workerd has no Khmer dictionary", async () => {
    await insert(
      record({ name: "សណ្ឋាគារអង្គរវត្ត", placeId: "khm-1", city: "សៀមរាប", country: "Cambodia", countryCode: "KH" }),
      record({ name: "សណ្ឋាគារភ្នំពេញ", placeId: "khm-2", city: "ភ្នំពេញ", country: "Cambodia", countryCode: "KH" }),
    );
    for (const q of ["វត្ត", "អង្គរវត្ត", "អង្គរ", "សណ្ឋាគារអង្គរវត្ត"]) expect(await names(q), q).toEqual(["សណ្ឋាគារអង្គរវត្ត"]);
    expect(await names("ពេញ")).toEqual(["សណ្ឋាគារភ្នំពេញ"]);
    expect((await names("សណ្ឋាគារ")).sort()).toEqual(["សណ្ឋាគារភ្នំពេញ", "សណ្ឋាគារអង្គរវត្ត"]);
    // Across the words of a name, as a Chinese word is found across its characters.
    expect(await names("ណ្ឋាគារភ្នំ")).toEqual(["សណ្ឋាគារភ្នំពេញ"]);
    expect(await names("ភ្នំ", "ភ្នំពេញ")).toEqual(["សណ្ឋាគារភ្នំពេញ"]);
    expect(await names("សណ្ឋាគារ", "សៀម")).toEqual(["សណ្ឋាគារអង្គរវត្ត"]);
  });

  it("ranks a word found inside the name above the same word at the start of the type", async () => {
    await insert(record({ name: "Bund Inn", placeId: "cjk-5", type: "外滩酒店", category: null, ...shanghai }));
    expect(await names("外滩")).toEqual(["上海外滩华尔道夫酒店", "Bund Inn"]);
  });

  it("still finds a business stored before bigrams by its name's start, and inside its name once imported again", async () => {
    await env.DB.prepare(`INSERT INTO businesses (name, slug, city, place_id) VALUES ('北京饭店', 'beijing-hotel-cjk6', '北京', 'cjk-6')`).run();
    expect(await names("北京饭")).toEqual(["北京饭店"]);
    expect(await names("饭店")).toEqual([]);
    await insert(record({ name: "北京饭店", placeId: "cjk-6", city: "北京", country: "China", countryCode: "CN" }));
    expect(await names("饭店")).toEqual(["北京饭店"]);
  });

  it("forgets a name's bigrams once it is renamed or deleted", async () => {
    await insert(record({ name: "京都グランドホテル", placeId: "cjk-7", city: "京都", country: "Japan", countryCode: "JP" }));
    expect(await names("グランド")).toEqual(["京都グランドホテル"]);
    await insert(record({ name: "京都ブライトンホテル", placeId: "cjk-7", city: "京都", country: "Japan", countryCode: "JP" }));
    expect(await names("グランド")).toEqual([]);
    expect(await names("ブライトン")).toEqual(["京都ブライトンホテル"]);
    await env.DB.prepare(`DELETE FROM businesses WHERE place_id = 'cjk-7'`).run();
    expect(await names("ブライトン")).toEqual([]);
    const { results } = await env.DB.prepare(`SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH '"グラ" OR "ブラ"'`).all();
    expect(results).toEqual([]);
  });

  it("renders /search with them", async () => {
    const html = await (await SELF.fetch(`https://example.com/search?q=${encodeURIComponent("酒店")}`)).text();
    expect(html).toContain("上海外滩华尔道夫酒店");
    expect(html).not.toContain("No businesses found");
    const korean = await (await SELF.fetch(`https://example.com/search?q=${encodeURIComponent("신라")}`)).text();
    expect(korean).toContain("서울신라호텔");
  });
});

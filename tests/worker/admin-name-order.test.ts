import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { deleteTestBusinesses, listAdminBusinesses, type AdminSortField, type SortOrder } from "~/models/admin-business.server";
import { addBusinesses, adminFetch, login, record } from "./admin-support";

// Decision 031: the admin's list sorted by name follows how names read, not their code points.
const NAMES = ["Zulu Lodge", "apple Inn", "Çelik Otel", "Banana Hotel", "İstanbul Palace", "cat Hostel", "Ábaco", "Øresund Hotel", "ıhlamur Otel", "Dune", "CELIK HAN", "Москва Отель", "москва Хостел"];

const listed = async (query: { filter?: string; category?: string; sortOrder?: SortOrder; sortBy?: AdminSortField } = {}) =>
  (await listAdminBusinesses(env.DB, { page: 1, sortBy: "name", sortOrder: "asc", ...query })).businesses.map((b) => b.name);

beforeAll(async () => {
  await addBusinesses(NAMES.map((name, i) => record({ name, placeId: `order-${i}`, type: i % 2 ? "Hotel" : "Inn" })));
});

describe("the admin's business list in name order", () => {
  it("puts lower-case and accented initials among the letters they read as, both ways", async () => {
    const ascending = ["Ábaco", "apple Inn", "Banana Hotel", "cat Hostel", "CELIK HAN", "Çelik Otel", "Dune", "ıhlamur Otel", "İstanbul Palace", "Øresund Hotel", "Zulu Lodge", "Москва Отель", "москва Хостел"];
    expect(await listed()).toEqual(ascending);
    expect(await listed({ sortOrder: "desc" })).toEqual([...ascending].reverse());
    // Within a category too (its own index).
    expect(await listed({ category: "Inn" })).toEqual(ascending.filter((name) => NAMES.indexOf(name) % 2 === 0));
  });

  it("finds a name by its beginning typed in any case, with or without its accents", async () => {
    for (const typed of ["cel", "Çel", "CEL", "çelik"]) expect((await listed({ filter: typed })).slice(0, 2), typed).toEqual(["CELIK HAN", "Çelik Otel"]);
    expect(await listed({ filter: "istanbul" })).toEqual(["İstanbul Palace"]);
    expect(await listed({ filter: "ore" })).toEqual(["Øresund Hotel"]);
    expect(await listed({ filter: "МОСК" })).toEqual(["Москва Отель", "москва Хостел"]);
    // Marks alone fold to nothing: they are no prefix of every name.
    expect(await listed({ filter: "\u0301" })).toEqual([]);
    expect(await listed({ filter: "\u0301", category: "Inn" })).toEqual([]);
  });

  it("answers the same order through the API the admin page calls", async () => {
    const cookie = await login("10.5.0.9");
    const response = await adminFetch(cookie, "/api/admin/businesses?page=1&limit=20&sortBy=name&sortOrder=asc&filter=c");
    const body = (await response.json()) as { businesses: { name: string }[] };
    expect(body.businesses.map((b) => b.name)).toEqual(["cat Hostel", "CELIK HAN", "Çelik Otel"]);
  });

  it("still deletes test data in any of its spellings, and no name that only reads like it", async () => {
    await addBusinesses(["Test Hotel", "test-1", "TEST_import", "Tëst Inn", "Testa Trattoria", "tEST Hotel"].map((name, i) => record({ name, placeId: `t-${i}` })));
    await deleteTestBusinesses(env.DB);
    const left = (await env.DB.prepare(`SELECT name FROM businesses WHERE place_id LIKE 't-%' ORDER BY name`).all<{ name: string }>()).results.map((r) => r.name);
    expect(left).toEqual(["Testa Trattoria", "Tëst Inn", "tEST Hotel"]);
  });
});

import { describe, expect, it } from "vitest";
import { nameSortKey } from "~/lib/business/name-order";

/** What `coalesce(name_sort, name) COLLATE NOCASE` compares: ASCII case folded, then code points. */
function sqlOrder(names: string[]): string[] {
  const compared = (name: string) => Array.from((nameSortKey(name) ?? name).replace(/[A-Z]/g, (c) => c.toLowerCase()), (c) => c.codePointAt(0)!);
  const compare = (a: number[], b: number[]) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
    return a.length - b.length;
  };
  return [...names].sort((a, b) => compare(compared(a), compared(b)));
}

describe("nameSortKey", () => {
  it("stores nothing for a name that sorts as it reads: ASCII, or scripts without accents to fold", () => {
    for (const name of ["Grand Hotel", "hotel zur post", "ABC Inn", "東京ステーションホテル", "ガスト 新宿", "서울 호텔", "โรงแรม สยาม", "होटल ताज"]) {
      expect(nameSortKey(name), name).toBeNull();
    }
  });

  it("folds accents and letters without a decomposition, keeping the case of ASCII letters", () => {
    expect(nameSortKey("Çelik Otel")).toBe("Celik Otel");
    expect(nameSortKey("İstanbul Palace")).toBe("Istanbul Palace");
    expect(nameSortKey("Işık Pansiyon")).toBe("Isik Pansiyon");
    expect(nameSortKey("Ábaco")).toBe("Abaco");
    expect(nameSortKey("Øresund Hotel")).toBe("Oresund Hotel");
    expect(nameSortKey("Æbeltoft Kro")).toBe("Aebeltoft Kro");
    expect(nameSortKey("Gasthof Straße")).toBe("Gasthof Strasse");
    expect(nameSortKey("Ｈｏｔｅｌ")).toBe("Hotel");
  });

  it("lower-cases the letters NOCASE leaves as they are", () => {
    expect(nameSortKey("Москва Отель")).toBe("москва отель");
    expect(nameSortKey("ΑΚΡΟΠΟΛΙΣ")).toBe("ακροπολισ");
    expect(nameSortKey("Ακρόπολις")).toBe("ακροπολισ");
    // A typed word that ends where a name's goes on still begins it.
    expect(nameSortKey("ΟΣΤΡΙΑ")!.startsWith(nameSortKey("ΟΣ")!)).toBe(true);
  });

  it("puts lower-case and accented initials among the letters they read as", () => {
    expect(sqlOrder(["Zulu Lodge", "apple Inn", "Çelik Otel", "Banana Hotel", "İstanbul Palace", "cat Hostel", "Ábaco", "Øresund Hotel", "ıhlamur Otel", "Dune"])).toEqual([
      "Ábaco", "apple Inn", "Banana Hotel", "cat Hostel", "Çelik Otel", "Dune", "ıhlamur Otel", "İstanbul Palace", "Øresund Hotel", "Zulu Lodge",
    ]);
  });

  it("folds a typed prefix the same way, so it finds the names it reads as", () => {
    for (const typed of ["cel", "Çel", "CEL"]) expect((nameSortKey(typed) ?? typed).toLowerCase()).toBe("cel");
    expect(nameSortKey("Çelik Otel")!.toLowerCase().startsWith("cel")).toBe(true);
  });
});

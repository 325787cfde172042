import { describe, expect, it } from "vitest";
import { toBusinessRow } from "~/lib/business/business-record";
import { nameInnerWords, wordParts } from "~/lib/search/search-inner-words";

describe("inner words of names written without spaces", () => {
  it("gives the overlapping bigrams of every Chinese, Japanese or Korean run of two or more characters", () => {
    expect(nameInnerWords("上海外滩酒店")).toBe("上海 海外 外滩 滩酒 酒店");
    expect(nameInnerWords("東京ステーションホテル")).toBe("東京 京ス ステ テー ーシ ショ ョン ンホ ホテ テル");
    expect(nameInnerWords("서울신라호텔")).toBe("서울 울신 신라 라호 호텔");
    // Runs end at spaces, punctuation and other scripts; a lone character has no bigram.
    expect(nameInnerWords("Hotel 東京・新宿 (1号館) 酒店")).toBe("東京 新宿 号館 酒店");
    expect(nameInnerWords("ひらがな々")).toBe("ひら らが がな な々");
    expect(nameInnerWords("Grand Hotel Zürich")).toBeNull();
    expect(nameInnerWords("東 京")).toBeNull();
  });

  it("reads compatibility forms as the ordinary ones and leaves out symbols the index drops", () => {
    expect(nameInnerWords("ﾎﾃﾙｰ")).toBe("ホテ テル ルー");
    expect(nameInnerWords("㍿東京")).toBe("株式 式会 会社 社東 東京");
    // A Han character beyond the Basic Multilingual Plane (two UTF-16 code units).
    expect(nameInnerWords("𠮷野家")).toBe("𠮷野 野家");
    // A radical is a Han symbol: the tokenizer splits words at it, so the run ends there too.
    expect(nameInnerWords("東⺀京")).toBeNull();
  });

  it("gives the dictionary words of a Thai run the word breaker splits, and nothing for one it does not", () => {
    expect(nameInnerWords("โรงแรมแมนดารินโอเรียนเต็ล")).toBe("โรงแรม แมน ดา ริน โอ เรียน เต็ล");
    // Runs end at spaces and other scripts; bigrams and words together.
    expect(nameInnerWords("Hotel โรงแรมกรุงเทพ 東京ホテル")).toBe("東京 京ホ ホテ テル โรงแรม กรุงเทพ");
    expect(nameInnerWords("โรงแรม")).toBeNull();
    // ำ stays one sign (NFKC would split it and the dictionary would no longer know the words).
    expect(nameInnerWords("โรงแรมริมน้ำ")).toBe("โรงแรม ริม น้ำ");
    expect(wordParts("ริมน้ำ")).toEqual(["ริม", "น้ำ"]);
    expect(wordParts("แมนดาริน")).toEqual(["แมน", "ดา", "ริน"]);
    expect(wordParts("โรงแรม")).toEqual(["โรงแรม"]);
    expect(wordParts("hotelโรงแรม")).toBeNull();
  });

  it("gives the written clusters of a Khmer run, the same in every runtime, whatever its dictionaries", () => {
    // Node's ICU would split this into its two words; workerd's has no Khmer dictionary.
    expect(nameInnerWords("សណ្ឋាគារអង្គរវត្ត")).toBe("ស ណ្ឋា គា រ អ ង្គ រ វ ត្ត");
    // Stacked consonants and vowel signs stay with their consonant; digits are a piece of their own.
    expect(nameInnerWords("Hotel ភ្នំពេញ ១២៣")).toBe("ភ្នំ ពេ ញ");
    expect(nameInnerWords("ភ្នំ")).toBeNull();
    expect(wordParts("វត្ត")).toEqual(["វ", "ត្ត"]);
    expect(wordParts("អង្គរវត្ត")).toEqual(["អ", "ង្គ", "រ", "វ", "ត្ត"]);
    expect(wordParts("ភ្នំ")).toEqual(["ភ្នំ"]);
    expect(wordParts("hotelវត្ត")).toBeNull();
  });

  it("bigrams a visitor's word only when it is all one such run", () => {
    expect(wordParts("外滩酒店")).toEqual(["外滩", "滩酒", "酒店"]);
    expect(wordParts("ﾎﾃﾙ")).toEqual(["ホテ", "テル"]);
    expect(wordParts("酒店")).toEqual(["酒店"]);
    for (const word of ["店", "hotel東京", "hotel", "होटल"]) expect(wordParts(word), word).toBeNull();
  });

  it("is stored with each business written", () => {
    const record = { name: " 上海外滩酒店 ", category: null, type: null, fullAddress: null, street: null, city: null, postalCode: null, country: null, countryCode: null, phone: null, latitude: null, longitude: null, rating: null, reviews: 0, reviewsLink: null, photo: null, logo: null, locatedIn: null, workingHours: null, verified: false, about: null, placeId: null, timeZone: null, url: null };
    expect(toBusinessRow(record).name_inner_words).toBe("上海 海外 外滩 滩酒 酒店");
    expect(toBusinessRow({ ...record, name: "Grand Hotel" }).name_inner_words).toBeNull();
  });
});

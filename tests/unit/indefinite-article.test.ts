import { describe, expect, it } from "vitest";
import { indefiniteArticle } from "~/lib/directory/indefinite-article";

describe("indefiniteArticle", () => {
  it("takes 'an' before a vowel sound and 'a' before a consonant sound", () => {
    for (const phrase of ["indian restaurant", "Italian restaurant", "american diner", "Escape room", "ophthalmologist", "urgent care center"]) {
      expect(indefiniteArticle(phrase), phrase).toBe("an");
    }
    for (const phrase of ["hotel", "Hostel", "bed & breakfast", "restaurant", "zoo", "guest house"]) {
      expect(indefiniteArticle(phrase), phrase).toBe("a");
    }
  });

  it("knows the usual exceptions: a 'you' or 'w' sound, a silent h", () => {
    expect(indefiniteArticle("university")).toBe("a");
    expect(indefiniteArticle("used car dealer")).toBe("a");
    expect(indefiniteArticle("European restaurant")).toBe("a");
    expect(indefiniteArticle("one-stop shop")).toBe("a");
    expect(indefiniteArticle("hour-long tour")).toBe("an");
    expect(indefiniteArticle("honorary consulate")).toBe("an");
  });

  it("reads acronyms letter by letter and numbers as numbers", () => {
    expect(indefiniteArticle("RV park")).toBe("an");
    expect(indefiniteArticle("ATM")).toBe("an");
    expect(indefiniteArticle("BBQ area")).toBe("a");
    expect(indefiniteArticle("8-bed dorm")).toBe("an");
    expect(indefiniteArticle("11-storey tower")).toBe("an");
    expect(indefiniteArticle("110-room hotel")).toBe("a");
    expect(indefiniteArticle("5-star hotel")).toBe("a");
  });

  it("falls back to 'a' for an empty phrase", () => {
    expect(indefiniteArticle("  ")).toBe("a");
  });
});

import { describe, expect, it } from "vitest";
import { isTestBusiness, prefixUpperBound } from "~/lib/business/test-data";

describe("what counts as test data", () => {
  it("takes names that are the word test, alone or followed by a separator, in any usual case", () => {
    for (const name of ["Test", "test", "TEST", "Test Hotel", "test-123", "TEST_import", "Test - Berlin"]) {
      expect(isTestBusiness(name, null), name).toBe(true);
    }
  });

  it("takes place ids starting with test", () => {
    expect(isTestBusiness("Hotel Adlon", "test_place_1")).toBe(true);
    expect(isTestBusiness("Hotel Adlon", "TEST1")).toBe(true);
  });

  it("leaves real businesses alone", () => {
    for (const name of ["Testa Trattoria", "Contest Inn", "The Test Kitchen", "Testament Hotel"]) {
      expect(isTestBusiness(name, "ChIJabc"), name).toBe(false);
    }
  });

  it("bounds a prefix range above every name with that prefix", () => {
    const bound = prefixUpperBound("Test ");
    expect("Test Zürich zzz" < bound).toBe(true);
    expect("Test!" < bound).toBe(false);
  });
});

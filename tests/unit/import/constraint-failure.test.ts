import { describe, expect, it } from "vitest";
import { constraintFailure, constraintFailureMessage } from "~/import/commit-failure";

describe("constraintFailure", () => {
  it("names the constraint of a D1 constraint error", () => {
    const d1 = new Error("D1_ERROR: UNIQUE constraint failed: businesses.slug: SQLITE_CONSTRAINT (extended: SQLITE_CONSTRAINT_UNIQUE)");
    expect(constraintFailure(d1)).toBe("UNIQUE constraint failed: businesses.slug");
    expect(constraintFailure(new Error("D1_ERROR: UNIQUE constraint failed: businesses.name, businesses.full_address: SQLITE_CONSTRAINT"))).toBe(
      "UNIQUE constraint failed: businesses.name, businesses.full_address",
    );
    expect(constraintFailure(new Error("D1_ERROR", { cause: new Error("NOT NULL constraint failed: businesses.slug") }))).toBe(
      "NOT NULL constraint failed: businesses.slug",
    );
  });

  it("takes D1's size limits for what they are, a failure every retry repeats", () => {
    const tooBig = new Error("D1_ERROR: string or blob too big: SQLITE_TOOBIG");
    expect(constraintFailure(tooBig)).toBe("SQLITE_TOOBIG");
    expect(constraintFailure(new Error("D1_ERROR: statement too long: SQLITE_TOOBIG"))).toBe("SQLITE_TOOBIG");
    const message = constraintFailureMessage("big.csv", "SQLITE_TOOBIG", { processedRows: 500, successCount: 500, afterRow: 501, batchSize: 500 });
    expect(message).toContain("Satır 502 ile başlayan (en çok 500 satırlık) grup veritabanına yazılamadı: bir kayıt veritabanının boyut sınırını aştı (SQLITE_TOOBIG)");
  });

  it("leaves every other error to the queue's retries", () => {
    expect(constraintFailure(new Error("D1_ERROR: Network connection lost."))).toBeNull();
    expect(constraintFailure(new Error("D1_ERROR: malformed JSON"))).toBeNull(); // the stale-step guard
    expect(constraintFailure(new Error("simulated crash after a committed step"))).toBeNull();
    expect(constraintFailure("D1 DB is overloaded")).toBeNull();
  });

  it("says how many businesses the rows before the failing group wrote, not how many rows were read", () => {
    const message = constraintFailureMessage("big.csv", "UNIQUE constraint failed: businesses.phone", { processedRows: 10_000, successCount: 6_000, afterRow: 10_001, batchSize: 500 });
    expect(message).toContain("Satır 10002 ile başlayan (en çok 500 satırlık) grup");
    expect(message).toContain("Önceki 10000 satırdan 6000 işletme kaydedildi");
  });
});

import { describe, expect, it } from "vitest";
import { constraintFailure } from "../../../workers/import/constraint-failure";

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

  it("leaves every other error to the queue's retries", () => {
    expect(constraintFailure(new Error("D1_ERROR: Network connection lost."))).toBeNull();
    expect(constraintFailure(new Error("D1_ERROR: malformed JSON"))).toBeNull(); // the stale-step guard
    expect(constraintFailure(new Error("simulated crash after a committed step"))).toBeNull();
    expect(constraintFailure("D1 DB is overloaded")).toBeNull();
  });
});

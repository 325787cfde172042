import { describe, expect, it } from "vitest";
import { changedFields } from "~/lib/admin/changed-fields";

describe("changedFields", () => {
  const loaded = { head_tags: "<meta>", footer_tags: "<p>old footer</p>", analytics_code: "", facebook_pixel: "" };

  it("keeps only what the administrator changed since the screen loaded, emptied fields included", () => {
    expect(changedFields(loaded, { ...loaded, head_tags: "<meta name='new'>", analytics_code: "UA-1" })).toEqual({ head_tags: "<meta name='new'>", analytics_code: "UA-1" });
    expect(changedFields(loaded, { ...loaded, head_tags: "" })).toEqual({ head_tags: "" });
  });

  it("sends nothing for a field typed back to what it was, so another session's save of it stays", () => {
    expect(changedFields(loaded, { ...loaded })).toEqual({});
  });
});

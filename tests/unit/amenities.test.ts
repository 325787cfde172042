import { describe, expect, it } from "vitest";
import { parseAmenities } from "~/lib/business/amenities";

// The "about" cell of the first row of Outscraper-20250307150536s9c_restaurants.csv.
const ZURICH_ABOUT =
  '{"Service options": {"Outdoor seating": true, "Takeaway": true, "Dine-in": true, "Delivery": false}, "Popular for": {"Lunch": true, "Dinner": true, "Solo dining": true}, "Accessibility": {"Wheelchair-accessible seating": true}, "Offerings": {"Alcohol": true, "Beer": true, "Cocktails": true, "Coffee": true, "Organic dishes": true, "Spirits": true, "Wine": true}, "Dining options": {"Lunch": true, "Dinner": true, "Dessert": true, "Seating": true}, "Amenities": {"Toilet": true}, "Atmosphere": {"Casual": true, "Cosy": true, "Trendy": true}, "Crowd": {"Groups": true}, "Planning": {"Accepts reservations": true}, "Payments": {"Credit cards": true}}';

describe("parseAmenities", () => {
  it("lists the amenities a business has, at most 8, in export order", () => {
    const { amenities, text } = parseAmenities(ZURICH_ABOUT);
    expect(amenities).toEqual([
      "Outdoor seating",
      "Takeaway",
      "Dine-in",
      "Lunch",
      "Dinner",
      "Solo dining",
      "Wheelchair-accessible seating",
      "Alcohol",
    ]);
    expect(text).toBeNull();
  });

  it("leaves out amenities the business does not have", () => {
    const { amenities } = parseAmenities(ZURICH_ABOUT, 100);
    expect(amenities).not.toContain("Delivery");
  });

  it("does not repeat an amenity listed in two groups", () => {
    const { amenities } = parseAmenities(ZURICH_ABOUT, 100);
    expect(amenities.filter((a) => a === "Lunch")).toHaveLength(1);
    expect(amenities).toHaveLength(23);
  });

  it("reads the spec's example and keeps apostrophes in names", () => {
    const about = '{"Service options":{"Dine-in":true,"Delivery":false},"Amenities":{"Free Wi-Fi":true},"Children":{"Kids\' menu":true}}';
    expect(parseAmenities(about).amenities).toEqual(["Dine-in", "Free Wi-Fi", "Kids' menu"]);
  });

  it("ignores nested objects with text values (hotel details, stars, check-in times)", () => {
    const about = JSON.stringify({
      "From the business": { "Identifies as women-owned": true },
      Hotel: { "Check-in time": "15:00", "Check-out time": "11:00", Class: "4 stars", Pool: null },
      Amenities: { "Free parking": true, Spa: false, Details: { "Airport shuttle": true, Note: "on request" } },
    });
    expect(parseAmenities(about).amenities).toEqual(["Identifies as women-owned", "Free parking", "Airport shuttle"]);
  });

  it("accepts an already-parsed object and groups given as lists", () => {
    expect(parseAmenities({ Amenities: { "Free Wi-Fi": true } }).amenities).toEqual(["Free Wi-Fi"]);
    expect(parseAmenities({ "Service options": ["Dine-in", "Takeaway"] }).amenities).toEqual(["Dine-in", "Takeaway"]);
  });

  it("shows text that is not JSON as the About text", () => {
    const about = "Family-run hotel in Zürich's old town, near the Grossmünster.";
    expect(parseAmenities(about)).toEqual({ amenities: [], text: about });
  });

  it("shows nothing when there is no about", () => {
    expect(parseAmenities(null)).toEqual({ amenities: [], text: null });
    expect(parseAmenities("")).toEqual({ amenities: [], text: null });
    expect(parseAmenities("{}")).toEqual({ amenities: [], text: null });
  });

  it("honours a smaller limit", () => {
    expect(parseAmenities(ZURICH_ABOUT, 2).amenities).toEqual(["Outdoor seating", "Takeaway"]);
  });
});

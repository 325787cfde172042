import { describe, expect, it } from "vitest";
import { openingHoursSpecification } from "~/lib/business/business-jsonld";
import {
  formatHoursText,
  isOpenAt,
  openStatus,
  orderedDays,
  parseHoursText,
  parseWorkingHours,
  todayName,
  unreadableHours,
  type WeekHours,
} from "~/lib/business/opening-hours";

const h = (hour: number, minute = 0) => hour * 60 + minute;

// First row of Outscraper-20250307150536s9c_restaurants.csv (Zürich, time zone Europe/Zurich).
const ZURICH_HOURS =
  '{"Monday": "Closed", "Tuesday": "Closed", "Wednesday": "11:30am-2:30pm,5:30-11pm", "Thursday": "11:30am-2:30pm,5:30-11pm", "Friday": "11:30am-2:30pm,5:30-11pm", "Saturday": "4-11pm", "Sunday": "10am-3pm"}';

// Quezon City bar in the style of Outscraper-20250306082041s8b.xlsx (time zone Asia/Manila).
const MANILA_BAR: WeekHours = {
  Monday: "Closed",
  Tuesday: "4PM-2AM",
  Wednesday: "4PM-2AM",
  Thursday: "4PM-2AM",
  Friday: "4PM-2AM",
  Saturday: "4PM-2AM",
  Sunday: "Closed",
};

describe("parseHoursText", () => {
  it("answers a text read before the same, and no caller can change the kept reading", () => {
    const first = parseHoursText("9:00 AM - 5:00 PM");
    expect(first).toEqual([{ start: 540, end: 1020 }]);
    expect(parseHoursText("9:00 AM - 5:00 PM")).toBe(first);
    expect(() => (first as { start: number }[]).push({ start: 0 })).toThrow();
    expect(parseWorkingHours('{"Monday":"9-5"}')).toBe(parseWorkingHours('{"Monday":"9-5"}'));
    expect(Object.isFrozen(parseWorkingHours('{"Monday":"9-5"}'))).toBe(true);
  });

  it("reads closed days and 24-hour days", () => {
    expect(parseHoursText("Closed")).toBe("closed");
    expect(parseHoursText("closed")).toBe("closed");
    expect(parseHoursText("Open 24 hours")).toBe("open24");
  });

  it("reads simple ranges in every spelling seen in exports", () => {
    const nineToFive = [{ start: h(9), end: h(17) }];
    expect(parseHoursText("9AM-5PM")).toEqual(nineToFive);
    expect(parseHoursText("9 AM–5 PM")).toEqual(nineToFive);
    expect(parseHoursText("9\u202fAM\u2009–\u20095\u202fPM")).toEqual(nineToFive);
    expect(parseHoursText("9\u00a0am - 5\u00a0pm")).toEqual(nineToFive);
    expect(parseHoursText("9 a.m. – 5 p.m.")).toEqual(nineToFive);
    expect(parseHoursText("9am to 5pm")).toEqual(nineToFive);
    expect(parseHoursText("09:00–17:00")).toEqual(nineToFive);
  });

  it("reads split shifts, applying the second time's am/pm to the first", () => {
    expect(parseHoursText("9AM-12PM,1-5PM")).toEqual([
      { start: h(9), end: h(12) },
      { start: h(13), end: h(17) },
    ]);
    expect(parseHoursText("11:30am-2:30pm,5:30-11pm")).toEqual([
      { start: h(11, 30), end: h(14, 30) },
      { start: h(17, 30), end: h(23) },
    ]);
    expect(parseHoursText("6:30-10am,12-3pm,6-11pm")).toEqual([
      { start: h(6, 30), end: h(10) },
      { start: h(12), end: h(15) },
      { start: h(18), end: h(23) },
    ]);
  });

  it("gives the start the other am/pm when the same one would put it after the end", () => {
    expect(parseHoursText("4-11pm")).toEqual([{ start: h(16), end: h(23) }]);
    expect(parseHoursText("11-2pm")).toEqual([{ start: h(11), end: h(14) }]);
    expect(parseHoursText("12-3pm")).toEqual([{ start: h(12), end: h(15) }]);
  });

  it("reads hours ending at midnight", () => {
    expect(parseHoursText("11am-12am")).toEqual([{ start: h(11), end: h(24) }]);
    expect(parseHoursText("12PM-12AM")).toEqual([{ start: h(12), end: h(24) }]);
  });

  it("reads hours running past midnight", () => {
    expect(parseHoursText("10AM-2AM")).toEqual([{ start: h(10), end: h(26) }]);
    expect(parseHoursText("4PM-2AM")).toEqual([{ start: h(16), end: h(26) }]);
    expect(parseHoursText("5:43pm-2:48am")).toEqual([{ start: h(17, 43), end: h(26, 48) }]);
  });

  it("reads a morning start without am/pm ending earlier as office hours, a plain second range before the first ends as its evening, and a 24-hour night as a night", () => {
    expect(parseHoursText("9-5")).toEqual([{ start: h(9), end: h(17) }]);
    expect(parseHoursText("12-6")).toEqual([{ start: h(12), end: h(18) }]);
    expect(parseHoursText("9:30-5:30")).toEqual([{ start: h(9, 30), end: h(17, 30) }]);
    expect(parseHoursText("11:30-2:30,5:30-10")).toEqual([
      { start: h(11, 30), end: h(14, 30) },
      { start: h(17, 30), end: h(22) },
    ]);
    expect(parseHoursText("12:30-4")).toEqual([{ start: h(12, 30), end: h(16) }]);
    expect(parseHoursText("9-5,6-10")).toEqual([
      { start: h(9), end: h(17) },
      { start: h(18), end: h(22) },
    ]);
    expect(parseHoursText("6-10,11-2")).toEqual([
      { start: h(6), end: h(10) },
      { start: h(11), end: h(14) },
    ]);
    expect(parseHoursText("09:00-17:00")).toEqual([{ start: h(9), end: h(17) }]);
    expect(parseHoursText("22-2")).toEqual([{ start: h(22), end: h(26) }]);
    expect(parseHoursText("18:00-02:00")).toEqual([{ start: h(18), end: h(26) }]);
  });

  it("reads a 24-hour clock's day from noon or earlier to after midnight as running past midnight, not as office hours", () => {
    expect(parseHoursText("11:00–01:00")).toEqual([{ start: h(11), end: h(25) }]);
    expect(parseHoursText("12:00–02:00")).toEqual([{ start: h(12), end: h(26) }]);
    expect(parseHoursText("12:00–00:00")).toEqual([{ start: h(12), end: h(24) }]);
    expect(parseHoursText("10-02")).toEqual([{ start: h(10), end: h(26) }]);
    expect(parseHoursText("7h30-2h")).toEqual([{ start: h(7, 30), end: h(26) }]);
    expect(parseHoursText("13:30-2:00")).toEqual([{ start: h(13, 30), end: h(26) }]);
    // Saturday 11:30, before it opens, is Closed: read as noon to noon, Friday's hours ran till then.
    const week = '{"Friday": "12:00–00:00", "Saturday": "12:00–00:00"}';
    expect(openStatus(week, new Date("2026-11-21T10:30:00Z"), "Europe/Zurich")).toBe("closed");
    expect(openStatus(week, new Date("2026-11-21T22:30:00Z"), "Europe/Zurich")).toBe("open");
    expect(openingHoursSpecification(week)[0]).toMatchObject({ dayOfWeek: "https://schema.org/Friday", opens: "12:00", closes: "00:00" });
  });

  it("reads hours starting at midnight", () => {
    expect(parseHoursText("12-6AM,2PM-12AM")).toEqual([
      { start: 0, end: h(6) },
      { start: h(14), end: h(24) },
    ]);
    expect(parseHoursText("12-12:30am,7am-12am")).toEqual([
      { start: 0, end: 30 },
      { start: h(7), end: h(24) },
    ]);
    expect(parseHoursText("12AM-10PM")).toEqual([{ start: 0, end: h(22) }]);
  });

  it("returns null for text it cannot read", () => {
    expect(parseHoursText("")).toBeNull();
    expect(parseHoursText("Hours might differ")).toBeNull();
    expect(parseHoursText("9AM-5PM-6PM")).toBeNull();
    expect(parseHoursText("13PM-2AM")).toBeNull();
    expect(parseHoursText("25:00-26:00")).toBeNull();
  });
});

describe("parseWorkingHours", () => {
  const WEEK = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
  /** The days (Monday first) that keys with hours read as. */
  const days = (keys: string[]) => orderedDays(parseWorkingHours(Object.fromEntries(keys.map((k) => [k, "9-17"])))).filter((d) => d.hours).map((d) => d.day);

  it("reads the JSON text of an export", () => {
    expect(parseWorkingHours(ZURICH_HOURS)).toEqual({
      Monday: "Closed",
      Tuesday: "Closed",
      Wednesday: "11:30am-2:30pm,5:30-11pm",
      Thursday: "11:30am-2:30pm,5:30-11pm",
      Friday: "11:30am-2:30pm,5:30-11pm",
      Saturday: "4-11pm",
      Sunday: "10am-3pm",
    });
  });

  it("accepts day names in any case and values given as lists", () => {
    const week = parseWorkingHours({ MONDAY: ["9AM-5PM"], tuesday: ["9AM-12PM", "1-5PM"], Wednesday: "Closed" });
    expect(week).toEqual({ Monday: "9AM-5PM", Tuesday: "9AM-12PM, 1-5PM", Wednesday: "Closed" });
    expect(parseHoursText(week?.Tuesday ?? "")).toEqual([
      { start: h(9), end: h(12) },
      { start: h(13), end: h(17) },
    ]);
  });

  it("reads day names in Turkish, German, French, Spanish, Italian, Portuguese and Dutch, in any case, with or without accents", () => {
    const turkish = '{"Pazartesi": "09:00–18:00", "Salı": "09:00–18:00", "Çarşamba": "09:00–18:00", "Perşembe": "09:00–18:00", "Cuma": "09:00–18:00", "Cumartesi": "10:00–14:00", "Pazar": "Kapalı"}';
    expect(parseWorkingHours(turkish)).toEqual({
      Monday: "09:00–18:00", Tuesday: "09:00–18:00", Wednesday: "09:00–18:00", Thursday: "09:00–18:00", Friday: "09:00–18:00", Saturday: "10:00–14:00", Sunday: "Kapalı",
    });
    expect(days(["PAZARTESİ", "SALI", "ÇARŞAMBA", "PERŞEMBE", "CUMA", "CUMARTESİ", "PAZAR"])).toEqual(WEEK);
    expect(days(["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"])).toEqual(WEEK);
    expect(days(["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"])).toEqual(WEEK);
    expect(days(["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"])).toEqual(WEEK);
    expect(days(["lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica"])).toEqual(WEEK);
    expect(days(["segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado", "domingo"])).toEqual(WEEK);
    expect(days(["maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag"])).toEqual(WEEK);
    expect(days(["carsamba", "miercoles", "sabado", "terca"])).toEqual(["Tuesday", "Wednesday", "Saturday"]);
  });

  it("reads the common abbreviations of those languages, and no day from a start two days share", () => {
    expect(days(["Pzt", "Sal", "Çar", "Per", "Cum", "Cmt", "Paz"])).toEqual(WEEK);
    expect(days(["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"])).toEqual(WEEK);
    expect(days(["Lun.", "Mar.", "Mer.", "Jeu.", "Ven.", "Sam.", "Dim."])).toEqual(WEEK);
    expect(days(["lun", "mar", "mié", "jue", "vie", "sáb", "dom"])).toEqual(WEEK);
    expect(days(["seg", "ter", "qua", "qui", "sex", "sáb", "dom"])).toEqual(WEEK);
    expect(days(["ma", "di", "wo", "do", "vr", "za", "zo"])).toEqual(WEEK);
    expect(parseWorkingHours({ Son: "9-17" })).toBeNull(); // Sonntag or Sonnabend
    // The old "Day:hours" text cut at a time's colon is no day either.
    expect(parseWorkingHours("Sa 10:00-14:00")).toBeNull();
  });

  it("gives localized hours a badge and JSON-LD hours, and does not show them as raw text", () => {
    const hours = '{"Montag": "09:00–18:00", "Samstag": "Geschlossen", "Sonntag": "Geschlossen"}';
    expect(unreadableHours(hours)).toBeNull();
    expect(openStatus(hours, new Date("2026-11-23T09:00:00Z"), "Europe/Berlin")).toBe("open"); // Monday 10:00
    expect(openStatus(hours, new Date("2026-11-22T09:00:00Z"), "Europe/Berlin")).toBe("closed"); // Sunday
    expect(openingHoursSpecification(hours)).toEqual([{ "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Monday", opens: "09:00", closes: "18:00" }]);
  });

  it("also reads Outscraper's old 'Day:hours|Day:hours' text", () => {
    expect(parseWorkingHours("Monday:Closed|Tuesday:11:30am-2:30pm,5:30-11pm")).toEqual({
      Monday: "Closed",
      Tuesday: "11:30am-2:30pm,5:30-11pm",
    });
  });

  it("reads a list of days with their hours, as some exports give them", () => {
    expect(parseWorkingHours('[{"day":"Monday","hours":"9-5"},{"day":"saturday","hours":["10AM-2PM","5-9PM"]},{"day":"Sunday","hours":"Closed"}]')).toEqual({
      Monday: "9-5",
      Saturday: "10AM-2PM, 5-9PM",
      Sunday: "Closed",
    });
    // Anything else in the list makes it unreadable rather than half read.
    expect(parseWorkingHours('[{"day":"Monday","hours":"9-5"},"Tuesday 9-5"]')).toBeNull();
    expect(parseWorkingHours('[["Monday","9-5"]]')).toBeNull();
  });

  it("is null when hours are missing or not readable", () => {
    expect(parseWorkingHours(null)).toBeNull();
    expect(parseWorkingHours(undefined)).toBeNull();
    expect(parseWorkingHours("")).toBeNull();
    expect(parseWorkingHours("{}")).toBeNull();
    expect(parseWorkingHours("[]")).toBeNull();
    expect(parseWorkingHours("{not json")).toBeNull();
    expect(parseWorkingHours('{"Note": "Call ahead"}')).toBeNull();
  });
});

describe("unreadableHours (shown as written under Opening Hours)", () => {
  it("is the stored text when it holds hours that cannot be read as a week", () => {
    expect(unreadableHours("Mo-Fr 9-17; Sa 10-14")).toBe("Mo-Fr 9-17; Sa 10-14");
    expect(unreadableHours("Mo-Fr 09:00-18:00")).toBe("Mo-Fr 09:00-18:00");
    expect(unreadableHours('{"Note":"Call ahead"}')).toBe('{"Note":"Call ahead"}');
  });

  it("is null when the hours read as a week, or when nothing is stored", () => {
    expect(unreadableHours(ZURICH_HOURS)).toBeNull();
    expect(unreadableHours('[{"day":"Monday","hours":"9-5"}]')).toBeNull();
    expect(unreadableHours(null)).toBeNull();
    expect(unreadableHours("  ")).toBeNull();
    expect(unreadableHours("{}")).toBeNull();
    expect(unreadableHours("[]")).toBeNull();
  });
});

describe("orderedDays", () => {
  it("lists Monday to Sunday whatever the export's order, with missing days empty", () => {
    const week = parseWorkingHours('{"sunday": "Closed", "Saturday": "10AM-2AM", "Monday": "9AM-5PM"}');
    expect(orderedDays(week)).toEqual([
      { day: "Monday", hours: "9AM-5PM" },
      { day: "Tuesday", hours: null },
      { day: "Wednesday", hours: null },
      { day: "Thursday", hours: null },
      { day: "Friday", hours: null },
      { day: "Saturday", hours: "10AM-2AM" },
      { day: "Sunday", hours: "Closed" },
    ]);
  });
});

describe("todayName", () => {
  const lateSaturdayUtc = new Date("2026-11-21T23:30:00Z");

  it("is the day in the business's own time zone", () => {
    expect(todayName(lateSaturdayUtc, "UTC")).toBe("Saturday");
    expect(todayName(lateSaturdayUtc, "Asia/Manila")).toBe("Sunday");
    expect(todayName(lateSaturdayUtc, "Europe/Zurich")).toBe("Sunday");
  });

  it("uses UTC when the time zone is missing or invalid", () => {
    expect(todayName(lateSaturdayUtc)).toBe("Saturday");
    expect(todayName(lateSaturdayUtc, "Mars/Olympus")).toBe("Saturday");
  });
});

describe("isOpenAt", () => {
  const zurich = parseWorkingHours(ZURICH_HOURS) as WeekHours;

  it("decides by the business's local clock, not the server's", () => {
    // Wednesday 10:00 UTC is 12:00 in Zürich (summer time): open for lunch there.
    const at = new Date("2026-07-15T10:00:00Z");
    expect(isOpenAt(zurich, at, "Europe/Zurich")).toBe(true);
    expect(isOpenAt(zurich, at, "UTC")).toBe(false);
    expect(isOpenAt(zurich, at)).toBe(false);
    expect(isOpenAt(zurich, at, "Mars/Olympus")).toBe(false);
  });

  it("is closed between split shifts and open in the evening shift", () => {
    expect(isOpenAt(zurich, new Date("2026-07-15T13:00:00Z"), "Europe/Zurich")).toBe(false); // 15:00
    expect(isOpenAt(zurich, new Date("2026-07-15T16:00:00Z"), "Europe/Zurich")).toBe(true); // 18:00
  });

  it("gives the start of a '4-11pm' day the afternoon", () => {
    expect(isOpenAt(zurich, new Date("2026-11-21T12:00:00Z"), "Europe/Zurich")).toBe(false); // Sat 13:00
    expect(isOpenAt(zurich, new Date("2026-11-21T16:00:00Z"), "Europe/Zurich")).toBe(true); // Sat 17:00
  });

  it("is closed after midnight when the evening ended before it", () => {
    expect(isOpenAt(zurich, new Date("2026-11-21T23:30:00Z"), "Europe/Zurich")).toBe(false); // Sun 00:30
  });

  it("counts yesterday's hours that run past midnight", () => {
    // Saturday 4PM-2AM: open at Sunday 01:00 in Manila although Sunday is Closed.
    expect(isOpenAt(MANILA_BAR, new Date("2026-11-21T17:00:00Z"), "Asia/Manila")).toBe(true);
    expect(isOpenAt(MANILA_BAR, new Date("2026-11-21T18:30:00Z"), "Asia/Manila")).toBe(false); // 02:30
    expect(isOpenAt(MANILA_BAR, new Date("2026-11-21T23:30:00Z"), "Asia/Manila")).toBe(false); // 07:30
    // Monday 01:00 after a closed Sunday: closed.
    expect(isOpenAt(MANILA_BAR, new Date("2026-11-22T17:00:00Z"), "Asia/Manila")).toBe(false);
  });

  it("reads days that start at midnight", () => {
    const week: WeekHours = { Saturday: "12-6AM,2PM-12AM", Sunday: "12-6AM,2PM-12AM" };
    expect(isOpenAt(week, new Date("2026-11-21T21:00:00Z"), "Asia/Manila")).toBe(true); // Sun 05:00
    expect(isOpenAt(week, new Date("2026-11-21T23:30:00Z"), "Asia/Manila")).toBe(false); // Sun 07:30
    expect(isOpenAt(week, new Date("2026-11-21T15:59:00Z"), "Asia/Manila")).toBe(true); // Sat 23:59
  });

  it("is always open on 24-hour days", () => {
    const week: WeekHours = { Sunday: "Open 24 hours" };
    expect(isOpenAt(week, new Date("2026-11-21T23:30:00Z"), "Asia/Manila")).toBe(true);
  });

  it("is null when today's hours are missing or unreadable", () => {
    const at = new Date("2026-11-21T23:30:00Z"); // Sunday in Manila
    expect(isOpenAt({ Monday: "9AM-5PM" }, at, "Asia/Manila")).toBeNull();
    expect(isOpenAt({ Sunday: "Hours might differ" }, at, "Asia/Manila")).toBeNull();
    expect(isOpenAt({ Sunday: "Open 24 hours" }, new Date("not a date"), "Asia/Manila")).toBeNull();
  });
});

describe("openStatus (the Open/Closed badge)", () => {
  const sundayMorningManila = new Date("2026-11-21T23:30:00Z"); // Sun 07:30 Manila, Sun 00:30 Zürich

  it("is Open or Closed by the clock when the hours are readable", () => {
    expect(openStatus('{"Sunday": "Open 24 hours"}', sundayMorningManila, "Asia/Manila")).toBe("open");
    expect(openStatus('{"Sunday": "10AM-10PM"}', sundayMorningManila, "Asia/Manila")).toBe("closed");
    expect(openStatus(ZURICH_HOURS, new Date("2026-07-15T10:00:00Z"), "Europe/Zurich")).toBe("open");
  });

  it("is Closed when today's entry is 'Closed'", () => {
    expect(openStatus(MANILA_BAR, new Date("2026-11-22T06:00:00Z"), "Asia/Manila")).toBe("closed");
  });

  it("shows no badge for today's entry it cannot read, rather than Open", () => {
    expect(openStatus('{"Sunday": "By appointment only"}', sundayMorningManila, "Asia/Manila")).toBeNull();
  });

  it("is Closed on a day closed in the exports' other languages, not Open", () => {
    for (const closed of ["Geschlossen", "Fermé", "FERME", "Kapalı", "KAPALI", "Cerrado", "Chiuso", "Gesloten", "Fechado"]) {
      expect(parseHoursText(closed), closed).toBe("closed");
      expect(openStatus(JSON.stringify({ Sunday: closed }), sundayMorningManila, "Asia/Manila"), closed).toBe("closed");
    }
  });

  it("reads French and German hours ('7h–23h', '7h30', '7 Uhr–23 Uhr'): Closed at 03:30", () => {
    const sundayNightZurich = new Date("2026-11-22T02:30:00Z"); // Sun 03:30 in Zürich
    for (const hours of ["7h–23h", "7 h – 23 h", "7 Uhr–23 Uhr", "7–23 Uhr", "7h30–23h"]) {
      expect(openStatus(JSON.stringify({ Sunday: hours }), sundayNightZurich, "Europe/Zurich"), hours).toBe("closed");
    }
    expect(parseHoursText("7h–23h")).toEqual([{ start: h(7), end: h(23) }]);
    expect(parseHoursText("7h30–12h, 14h–19h30")).toEqual([{ start: h(7, 30), end: h(12) }, { start: h(14), end: h(19, 30) }]);
    expect(parseHoursText("11h–1h")).toEqual([{ start: h(11), end: h(25) }]);
    expect(parseHoursText("7 Uhr–23 Uhr")).toEqual([{ start: h(7), end: h(23) }]);
  });

  it("shows no badge when hours are missing", () => {
    expect(openStatus(null, sundayMorningManila, "Asia/Manila")).toBeNull();
    expect(openStatus("", sundayMorningManila, "Asia/Manila")).toBeNull();
    expect(openStatus('{"Monday": "9AM-5PM"}', sundayMorningManila, "Asia/Manila")).toBeNull();
  });
});

describe("formatHoursText", () => {
  it.each([
    // The examples: split shifts and a start that takes the end's pm.
    ["11:45am-2pm,6-11:45pm", "11:45 AM \u2013 2:00 PM, 6:00 \u2013 11:45 PM"],
    ["4-11pm", "4:00 \u2013 11:00 PM"],
    ["11:30am-2:30pm,5:30-11pm", "11:30 AM \u2013 2:30 PM, 5:30 \u2013 11:00 PM"],
    ["9AM-5PM", "9:00 AM \u2013 5:00 PM"],
    ["9 AM\u20135 PM", "9:00 AM \u2013 5:00 PM"],
    ["9\u202fAM\u2009\u2013\u20095\u202fPM", "9:00 AM \u2013 5:00 PM"],
    ["9 a.m. \u2013 5 p.m.", "9:00 AM \u2013 5:00 PM"],
    ["6:30-10am,12-3pm,6-11pm", "6:30 \u2013 10:00 AM, 12:00 \u2013 3:00 PM, 6:00 \u2013 11:00 PM"],
    ["11-2pm", "11:00 AM \u2013 2:00 PM"],
    ["12-3pm", "12:00 \u2013 3:00 PM"],
    // 24-hour clocks of European exports.
    ["09:00\u201317:00", "9:00 AM \u2013 5:00 PM"],
    ["8h30-12h,14h-18h30", "8:30 AM \u2013 12:00 PM, 2:00 \u2013 6:30 PM"],
    ["7.30-19.00", "7:30 AM \u2013 7:00 PM"],
    // Past midnight: both halves are named, the end is the next day's clock.
    ["4PM-2AM", "4:00 PM \u2013 2:00 AM"],
    ["10AM-2AM", "10:00 AM \u2013 2:00 AM"],
    ["5:43pm-2:48am", "5:43 PM \u2013 2:48 AM"],
    ["22:00-02:00", "10:00 PM \u2013 2:00 AM"],
    ["11am-12am", "11:00 AM \u2013 12:00 AM"],
    ["12PM-12AM", "12:00 PM \u2013 12:00 AM"],
    ["12-6am", "12:00 \u2013 6:00 AM"],
    // Whole days.
    ["Open 24 hours", "Open 24 hours"],
    ["12AM-12AM", "Open 24 hours"],
    ["00:00-24:00", "Open 24 hours"],
    ["Closed", "Closed"],
    ["closed", "Closed"],
    ["Geschlossen", "Closed"],
    // Unreadable text stays as written.
    ["Sur rendez-vous", "Sur rendez-vous"],
    ["  By appointment  ", "By appointment"],
  ])("%s \u2192 %s", (text, shown) => {
    expect(formatHoursText(text)).toBe(shown);
  });
});

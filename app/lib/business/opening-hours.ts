/**
 * Opening hours as Google Maps / Outscraper export them: a JSON object mapping day names to
 * hours text ("9AM-5PM", "11:30am-2:30pm,5:30-11pm", "Open 24 hours", "Closed"…). Pure;
 * works in the browser and in the Worker (time zones through Intl).
 */
import { foldLetters } from "./slug";
import { wallClock, weekdayFromMonday } from "./time-zone";

export const DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type DayName = (typeof DAY_NAMES)[number];

/** Hours text per day (arrays of shifts already joined with ", "); days without data are absent. */
export type WeekHours = Partial<Record<DayName, string>>;

/** Minutes from midnight of the day the interval starts; `end` exceeds 1440 past midnight. */
export interface Interval {
  start: number;
  end: number;
}

export type DayHours = Interval[] | "closed" | "open24";

const MINUTES_PER_DAY = 24 * 60;

// ---------------------------------------------------------------------------------------
// Week parsing

/**
 * Each day's names, folded (see `foldLetters`), in the languages of the exports: English, Turkish,
 * German, French, Spanish, Italian, Portuguese, Dutch.
 */
const DAY_WORDS: Record<DayName, string[]> = {
  Monday: ["monday", "pazartesi", "montag", "lundi", "lunes", "lunedi", "segunda-feira", "segunda", "maandag"],
  Tuesday: ["tuesday", "sali", "dienstag", "mardi", "martes", "martedi", "terca-feira", "terca", "dinsdag"],
  Wednesday: ["wednesday", "carsamba", "mittwoch", "mercredi", "miercoles", "mercoledi", "quarta-feira", "quarta", "woensdag"],
  Thursday: ["thursday", "persembe", "donnerstag", "jeudi", "jueves", "giovedi", "quinta-feira", "quinta", "donderdag"],
  Friday: ["friday", "cuma", "freitag", "vendredi", "viernes", "venerdi", "sexta-feira", "sexta", "vrijdag"],
  Saturday: ["saturday", "cumartesi", "samstag", "sonnabend", "samedi", "sabado", "sabato", "zaterdag"],
  Sunday: ["sunday", "pazar", "sonntag", "dimanche", "domingo", "domenica", "zondag"],
};

/**
 * Abbreviations that are not simply the start of one day's names: German and Dutch two-letter
 * ones, and Turkish ones where a name starts another ("Cum" Cuma/Cumartesi, "Paz" Pazar/Pazartesi).
 */
const DAY_ABBREVIATIONS: Record<string, DayName> = {
  mo: "Monday", ma: "Monday", pzt: "Monday", pts: "Monday",
  di: "Tuesday",
  mi: "Wednesday", wo: "Wednesday", crs: "Wednesday",
  do: "Thursday", prs: "Thursday",
  fr: "Friday", vr: "Friday", cum: "Friday",
  sa: "Saturday", za: "Saturday", cmt: "Saturday", cts: "Saturday",
  so: "Sunday", zo: "Sunday", paz: "Sunday",
};

const DAY_BY_NAME = new Map(DAY_NAMES.flatMap((day) => DAY_WORDS[day].map((name) => [name, day] as const)));

/**
 * "Monday", "MONDAY", "Mon", "Tues", "Thursday (Thanksgiving)", and the same in the other
 * languages ("Çarşamba", "Mittwoch", "mercredi", "Mié.", "Sa") → the day. `exact` when the key
 * is a day's name and nothing else. A start of names shared by two days ("Son") is none.
 */
function dayOf(key: string): { day: DayName; exact: boolean } | null {
  const k = foldLetters(key.trim());
  const named = DAY_BY_NAME.get(k);
  if (named) return { day: named, exact: true };
  const word = /^[a-z]+/.exec(k)?.[0] ?? "";
  const day = DAY_BY_NAME.get(word);
  if (day) return { day, exact: false };
  // Digits after a short word are hours the old "Day:hours" text was cut at ("Sa 10:00-14:00").
  if (/\d/.test(k)) return null;
  const abbreviated = DAY_ABBREVIATIONS[word];
  if (abbreviated) return { day: abbreviated, exact: false };
  if (word.length < 3) return null;
  const days = new Set([...DAY_BY_NAME].filter(([name]) => name.startsWith(word)).map(([, d]) => d));
  return days.size === 1 ? { day: [...days][0]!, exact: false } : null;
}

function hoursValue(value: unknown): string | null {
  if (typeof value === "string") return value.trim() || null;
  if (Array.isArray(value)) {
    const parts = value.filter((v): v is string => typeof v === "string").map((v) => v.trim()).filter(Boolean);
    return parts.length ? parts.join(", ") : null;
  }
  return null;
}

/** Outscraper's "working_hours_old_format": "Monday:9AM-5PM|Tuesday:Closed|…". */
function parsePipeFormat(text: string): Record<string, string> | null {
  if (!text.includes(":")) return null;
  const entries: Record<string, string> = {};
  for (const part of text.split("|")) {
    const colon = part.indexOf(":");
    if (colon < 0) return null;
    entries[part.slice(0, colon)] = part.slice(colon + 1);
  }
  return entries;
}

/** Some exports list the days: [{"day": "Monday", "hours": "9-5"}, …]; null when an item is not one. */
function dayListEntries(list: unknown[]): [string, unknown][] | null {
  const entries: [string, unknown][] = [];
  for (const item of list) {
    if (!item || typeof item !== "object" || !("day" in item) || typeof item.day !== "string") return null;
    entries.push([item.day, "hours" in item ? item.hours : null]);
  }
  return entries;
}

function parseSource(input: unknown): unknown {
  if (typeof input !== "string") return input;
  const text = input.trim();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return parsePipeFormat(text);
  }
}

/**
 * Week hours from JSON text or an already-parsed object. Day names are matched in any case and
 * with or without accents, in the exports' languages, also abbreviated (see dayOf); values may
 * be strings or arrays of strings; a list of {day, hours} items reads like the object. null
 * when the input is missing, not JSON (or the old "Day:hours|Day:hours" text), or names no day.
 */
export function parseWorkingHours(input: unknown): Readonly<WeekHours> | null {
  if (typeof input !== "string") return readWeek(input);
  let week = readWeeks.get(input);
  if (week === undefined) {
    // Bounded like readHours below: a list repeats a handful of stored hours texts.
    if (readWeeks.size >= READ_HOURS_KEPT) readWeeks.clear();
    week = readWeek(input);
    // Shared by every caller from now on, so no caller may change it.
    if (week) Object.freeze(week);
    readWeeks.set(input, week);
  }
  return week;
}

/** Stored hours texts already read as weeks, for the isolate ("open now" reads every row's). */
const readWeeks = new Map<string, Readonly<WeekHours> | null>();

function readWeek(input: unknown): WeekHours | null {
  const source = parseSource(input);
  if (!source || typeof source !== "object") return null;
  const entries = Array.isArray(source) ? dayListEntries(source) : Object.entries(source);
  if (!entries) return null;
  const week: WeekHours = {};
  const fromExactKey = new Set<DayName>();
  for (const [key, value] of entries) {
    const match = dayOf(key);
    const hours = hoursValue(value);
    if (!match || hours === null) continue;
    // A plain "Monday" wins over "Monday (holiday)"-style keys.
    if (week[match.day] !== undefined && (fromExactKey.has(match.day) || !match.exact)) continue;
    week[match.day] = hours;
    if (match.exact) fromExactKey.add(match.day);
  }
  return Object.keys(week).length ? week : null;
}

/**
 * Stored hours that hold something but cannot be read as a week ("Mo-Fr 9-17; Sa 10-14"; the
 * importer keeps such text): shown as they are written. null when they read as a week or hold
 * nothing (missing, blank, an empty JSON object or list). `week`: the hours already parsed.
 */
export function unreadableHours(workingHours: string | null, week: WeekHours | null = parseWorkingHours(workingHours)): string | null {
  const text = workingHours?.trim();
  if (!text || week) return null;
  const source = parseSource(text);
  if (source && typeof source === "object" && Object.keys(source).length === 0) return null;
  return text;
}

/** The days Monday → Sunday with their hours text (null when the export has none). */
export function orderedDays(week: WeekHours | null | undefined): { day: DayName; hours: string | null }[] {
  return DAY_NAMES.map((day) => ({ day, hours: week?.[day] ?? null }));
}

// ---------------------------------------------------------------------------------------
// Hours text parsing

interface ClockTime {
  hour: number;
  minute: number;
  meridiem: "am" | "pm" | null;
  /** Written as a 12-hour clock can be ("9", "9:30", "12"): no am/pm, "h"/"Uhr" or leading 0; the only form "9-5" guesses about. */
  plain: boolean;
}

/** "9", "9:30", "9pm", "9:30pm", and the French and German "7h", "7h30", "7uhr" (spaces are gone). */
const TIME = /^(\d{1,2})(?:[:h](\d{2}))?(?:(am|pm)|h|uhr)?$/;

function parseClock(text: string): ClockTime | null {
  const m = TIME.exec(text);
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = m[2] === undefined ? 0 : Number(m[2]);
  const meridiem = (m[3] as "am" | "pm" | undefined) ?? null;
  if (minute > 59) return null;
  if (meridiem ? hour < 1 || hour > 12 : hour > 24) return null;
  return { hour, minute, meridiem, plain: /^[1-9]\d?(?::\d\d)?$/.test(text) };
}

function toMinutes(t: ClockTime, meridiem: "am" | "pm" | null): number {
  if (meridiem === null) return t.hour * 60 + t.minute;
  const hour = (t.hour % 12) + (meridiem === "pm" ? 12 : 0);
  return hour * 60 + t.minute;
}

/** A range and whether both its times are plain (see ClockTime.plain). */
function parseRange(text: string): { interval: Interval; plain: boolean } | null {
  const parts = text.split("-");
  if (parts.length !== 2) return null;
  const from = parseClock(parts[0] ?? "");
  const to = parseClock(parts[1] ?? "");
  if (!from || !to) return null;
  // A start without am/pm takes the end's, unless that puts it after the end
  // ("4-11pm" → 4pm; "11-2pm" → 11am; "12-6am" → midnight).
  let fromMeridiem = from.meridiem;
  if (fromMeridiem === null && to.meridiem !== null) {
    fromMeridiem = to.meridiem;
    if (toMinutes(from, fromMeridiem) > toMinutes(to, to.meridiem)) fromMeridiem = to.meridiem === "am" ? "pm" : "am";
  }
  if ((fromMeridiem === null) !== (to.meridiem === null)) return null;
  const start = toMinutes(from, fromMeridiem);
  let end = toMinutes(to, to.meridiem);
  if (start >= MINUTES_PER_DAY) return null;
  // Two plain times where a start before 1 p.m. ends earlier: "9-5" and "9:30-5:30" are office
  // hours, not a 20-hour night (a 24-hour clock writes a night as "22-2", which starts after
  // noon). A leading 0 or "h" is a 24-hour clock's: "11:00-01:00" closes at 1 a.m.,
  // "12:00-00:00" at midnight.
  const plain = from.plain && to.plain;
  if (plain && end < start && start < 13 * 60 && end < 12 * 60) end += 12 * 60;
  // Ends at or before its start: runs past midnight ("11am-12am", "4PM-2AM").
  if (end <= start) end += MINUTES_PER_DAY;
  return { interval: { start, end }, plain };
}

function normalizeHoursText(text: string): string {
  return text
    .toLowerCase()
    .replace(/([ap])\.\s*m\.?/g, "$1m") // "a.m.", "p. m." → "am", "pm"
    .replace(/[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]|\bto\b/g, "-") // dashes, "to"
    .replace(/[\s\u00a0\u202f\u2009\u200a\u2007]+/g, "") // all spaces incl. narrow no-break
    .replace(/[;，、]/g, ",")
    .replace(/(\d)\.(\d\d)/g, "$1:$2"); // "9.30" → "9:30"
}

/** "Closed" as exports in the directory's languages write it (folded by `foldLetters`). */
const CLOSED_WORDS = new Set(["closed", "geschlossen", "ferme", "kapali", "cerrado", "chiuso", "gesloten", "fechado"]);

/**
 * One day's hours text → intervals in minutes from midnight, "closed", "open24", or null
 * when the text cannot be read.
 */
export function parseHoursText(text: string): DayHours | null {
  let hours = readHours.get(text);
  if (hours === undefined) {
    // Bounded: imported hours texts are countless, though a page's rows repeat a handful.
    if (readHours.size >= READ_HOURS_KEPT) readHours.clear();
    hours = readHoursText(text);
    // Shared by every caller from now on, so no caller may change it.
    if (Array.isArray(hours)) Object.freeze(hours).forEach((interval) => Object.freeze(interval));
    readHours.set(text, hours);
  }
  return hours;
}

/**
 * Hours texts already read, for the isolate: "open now" reads every row's hours of a list, and
 * the same few texts ("9:00 AM - 5:00 PM") repeat across rows and pages.
 */
const readHours = new Map<string, DayHours | null>();
const READ_HOURS_KEPT = 2_000;

function readHoursText(text: string): DayHours | null {
  const normalized = normalizeHoursText(text);
  if (!normalized) return null;
  if (CLOSED_WORDS.has(foldLetters(normalized))) return "closed";
  if (normalized === "open24hours" || normalized === "24hours" || normalized === "open24h") return "open24";
  const intervals: Interval[] = [];
  for (const part of normalized.split(",")) {
    if (!part) continue;
    const range = parseRange(part);
    if (!range) return null;
    let interval = range.interval;
    // A plain range starting before the previous one ended is its evening: "11:30-2:30,5:30-10".
    const previousEnd = intervals.at(-1)?.end;
    if (range.plain && previousEnd !== undefined && interval.start < previousEnd && interval.start + 12 * 60 >= previousEnd && interval.end <= 12 * 60) {
      interval = { start: interval.start + 12 * 60, end: interval.end + 12 * 60 };
    }
    intervals.push(interval);
  }
  if (intervals.length === 0) return null;
  if (intervals.some((i) => i.start === 0 && i.end >= MINUTES_PER_DAY)) return "open24";
  return intervals;
}

// ---------------------------------------------------------------------------------------
// Hours text formatting

/** "9:00", "12:30" and its meridiem ("AM" from midnight to noon) of minutes from any midnight. */
function clockParts(minutes: number): { clock: string; meridiem: "AM" | "PM" } {
  const inDay = minutes % MINUTES_PER_DAY;
  const hour24 = Math.floor(inDay / 60);
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return { clock: `${hour12}:${String(inDay % 60).padStart(2, "0")}`, meridiem: hour24 < 12 ? "AM" : "PM" };
}

/**
 * One interval as a reader expects it: "11:45 AM – 2:00 PM"; the start's AM/PM is left out when
 * the end's is the same and the interval stays within its day ("6:00 – 11:45 PM").
 */
function formatInterval({ start, end }: Interval): string {
  const from = clockParts(start);
  const to = clockParts(end);
  const sameHalf = from.meridiem === to.meridiem && end <= MINUTES_PER_DAY && end - start < 12 * 60;
  return `${from.clock}${sameHalf ? "" : ` ${from.meridiem}`} \u2013 ${to.clock} ${to.meridiem}`;
}

/**
 * One day's hours text as shown on the site: "11:45am-2pm,6-11:45pm" → "11:45 AM – 2:00 PM,
 * 6:00 – 11:45 PM", "4PM-2AM" → "4:00 PM – 2:00 AM", "Open 24 hours", "Closed". Text that
 * parseHoursText cannot read is shown as it is written ("Mo-Fr 9-17", "Sur rendez-vous").
 */
export function formatHoursText(text: string): string {
  const hours = parseHoursText(text);
  if (hours === null) return text.trim();
  if (hours === "closed") return "Closed";
  if (hours === "open24") return "Open 24 hours";
  return hours.map(formatInterval).join(", ");
}

// ---------------------------------------------------------------------------------------
// Time zones

/** Weekday and minutes since midnight at `at` in `timeZone` (invalid or missing → UTC). */
export function localTime(at: Date, timeZone?: string): { day: DayName; minutes: number } {
  const clock = wallClock(at.getTime() / 1000, timeZone?.trim() || "UTC");
  return { day: DAY_NAMES[weekdayFromMonday(clock.day)]!, minutes: clock.hour * 60 + clock.minute };
}

/** Today's day name in the business's time zone (invalid or missing zone → UTC). `at` must be a valid date. */
export function todayName(at: Date, timeZone?: string): DayName {
  return localTime(at, timeZone).day;
}

function previousDay(day: DayName): DayName {
  const index = DAY_NAMES.indexOf(day);
  return DAY_NAMES[(index + 6) % 7] ?? "Sunday";
}

/**
 * Whether the business is open at `at`, in its IANA time zone (invalid or missing → UTC).
 * Yesterday's hours that run past midnight count ("Saturday 4PM-2AM" is open Sunday 01:00).
 * null when today's hours are missing or unreadable and yesterday's do not cover the moment.
 */
export function isOpenAt(week: WeekHours, at: Date, timeZone?: string): boolean | null {
  if (Number.isNaN(at.getTime())) return null;
  const { day, minutes } = localTime(at, timeZone);
  const yesterdayText = week[previousDay(day)];
  const yesterday = yesterdayText === undefined ? null : parseHoursText(yesterdayText);
  if (Array.isArray(yesterday) && yesterday.some((i) => minutes + MINUTES_PER_DAY < i.end)) return true;
  const todayText = week[day];
  const today = todayText === undefined ? null : parseHoursText(todayText);
  if (today === null) return null;
  if (today === "open24") return true;
  if (today === "closed") return false;
  return today.some((i) => minutes >= i.start && minutes < i.end);
}

/**
 * The Open/Closed badge, by the clock (isOpenAt). Today's hours missing or unreadable give no
 * badge (null): the spec's "any other text → Open" said Open at 3 a.m. for hours it could not
 * read, "Geschlossen" included (decision 074).
 */
export function openStatus(workingHours: unknown, at: Date, timeZone?: string): "open" | "closed" | null {
  const week = parseWorkingHours(workingHours);
  const open = week ? isOpenAt(week, at, timeZone) : null;
  return open === null ? null : open ? "open" : "closed";
}

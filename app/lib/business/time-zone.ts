/**
 * Calendar days and clocks in an IANA time zone, through Intl only (no zone tables of our own).
 * A local day is counted as days since 1970-01-01, so that days add and compare as numbers.
 * Pure.
 */

const DAY = 86_400;

/** Zones the runtime was found to know: at most the few hundred IANA names, so kept for the isolate. */
const knownZones = new Set<string>();

/** Whether the runtime knows `zone` as a time zone. */
export function isTimeZone(zone: string): boolean {
  if (knownZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
  } catch {
    return false;
  }
  knownZones.add(zone);
  return true;
}

/** `zone` when it is a time zone the runtime knows, else UTC (never the runtime's own zone). */
export function timeZoneOrUtc(zone: unknown): string {
  return typeof zone === "string" && isTimeZone(zone) ? zone : "UTC";
}

const clocks = new Map<string, Intl.DateTimeFormat>();

function clockIn(zone: string): Intl.DateTimeFormat {
  const cached = clocks.get(zone);
  if (cached) return cached;
  const known = timeZoneOrUtc(zone);
  const clock =
    clocks.get(known) ??
    new Intl.DateTimeFormat("en-US", {
      timeZone: known,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
  clocks.set(known, clock);
  return clock;
}

export interface WallClock {
  /** The local calendar day, in days since 1970-01-01. */
  day: number;
  year: number;
  /** 1–12 */
  month: number;
  dayOfMonth: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * Each zone's last reading: a list filtered by "open now" reads the same second in the same few
 * zones for hundreds of rows, and formatToParts was most of a cold search page's CPU.
 */
const lastReadings = new Map<string, { second: number; clock: Readonly<WallClock> }>();

/** The wall clock at Unix second `seconds` in `zone` (unknown zone → UTC). */
export function wallClock(seconds: number, zone: string): Readonly<WallClock> {
  const second = Math.floor(seconds);
  const last = lastReadings.get(zone);
  if (last?.second === second) return last.clock;
  const clock = Object.freeze(readWallClock(second, zone));
  // One entry per zone asked for (at most the few hundred IANA names, as `clocks` above).
  lastReadings.set(zone, { second, clock });
  return clock;
}

function readWallClock(second: number, zone: string): WallClock {
  const parts = clockIn(zone).formatToParts(new Date(second * 1000));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const year = part("year");
  const month = part("month");
  const dayOfMonth = part("day");
  return {
    day: dayNumber(year, month, dayOfMonth),
    year,
    month,
    dayOfMonth,
    hour: part("hour"),
    minute: part("minute"),
    second: part("second"),
  };
}

/** Days since 1970-01-01 of a calendar date (month 1–12; overflowing days roll over, as in Date.UTC). */
export function dayNumber(year: number, month: number, dayOfMonth: number): number {
  return Date.UTC(year, month - 1, dayOfMonth) / 1000 / DAY;
}

/** Monday = 0 … Sunday = 6 (1970-01-01 was a Thursday). */
export function weekdayFromMonday(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** How far `zone`'s clock is ahead of UTC at Unix second `seconds`, in seconds. */
export function offsetAt(seconds: number, zone: string): number {
  const t = wallClock(seconds, zone);
  return t.day * DAY + t.hour * 3600 + t.minute * 60 + t.second - Math.floor(seconds);
}

/**
 * The Unix second a local day begins in `zone`: its midnight, or, where a clock change skips
 * midnight, the first instant that day shows. A day is 23 or 25 hours long around a change, so
 * the start is found from the zone's offsets, never by adding 86,400 to another day's start.
 */
export function startOfLocalDay(day: number, zone: string): number {
  const midnightAsUtc = day * DAY;
  // The offset in force at the day's start is the one before or after any change near it.
  const candidates = [offsetAt(midnightAsUtc - DAY, zone), offsetAt(midnightAsUtc + DAY, zone)]
    .map((offset) => midnightAsUtc - offset)
    .sort((a, b) => a - b);
  return candidates.find((seconds) => wallClock(seconds, zone).day >= day) ?? candidates[1]!;
}

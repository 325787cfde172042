import { useHydrated } from "~/components/use-hydrated";

const utcFormat = new Intl.DateTimeFormat("tr-TR", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const localFormat = () => new Intl.DateTimeFormat("tr-TR", { dateStyle: "medium", timeStyle: "short" });

/**
 * A moment (seconds) as the admin's clock shows it. The server does not know that clock: its
 * HTML says UTC, and the browser rewrites it in its own zone once the script runs, so hydration
 * compares the same text.
 */
export function AdminTime({ seconds, className }: { seconds: number; className?: string }) {
  const hydrated = useHydrated();
  const date = new Date(seconds * 1000);
  return (
    <time dateTime={date.toISOString()} className={className}>
      {hydrated ? localFormat().format(date) : `${utcFormat.format(date)} UTC`}
    </time>
  );
}

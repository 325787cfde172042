import { CodeBlock } from "~/components/site-code";

/**
 * An advertisement slot (ad1–ad4) filled with the admin's ad code; nothing at all when the
 * code is empty. min-height 90 px, max-width 728 px (404 banner: 300 × 250).
 */
export function AdSlot({ slot, code, size = "leaderboard" }: { slot: string; code: string; size?: "leaderboard" | "banner" }) {
  if (!code.trim()) return null;
  const box = size === "banner" ? "mx-auto h-[250px] min-h-[250px] w-[300px] overflow-hidden" : "mx-auto min-h-[90px] w-full max-w-[728px] overflow-hidden";
  return (
    <CodeBlock
      html={code}
      data-ad-slot={slot}
      className={`${box} my-6 flex items-center justify-center rounded-lg bg-slate-100 dark:bg-slate-800`}
    />
  );
}

import { useEffect, useState } from "react";
import { formatNumber } from "~/lib/directory/format";

export const COUNTER_DURATION_MS = 2000;
export const COUNTER_STEPS = 50;

/**
 * A figure that counts up from 0 to its target in 2 s / 50 steps after hydration. The server
 * renders the target itself, so crawlers and visitors without JavaScript see the real number;
 * so do visitors who asked their system for less motion.
 */
export function AnimatedCounter({ target }: { target: number }) {
  const [value, setValue] = useState(target);
  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let step = 0;
    setValue(0);
    const timer = setInterval(() => {
      step += 1;
      setValue(step >= COUNTER_STEPS ? target : Math.round((target * step) / COUNTER_STEPS));
      if (step >= COUNTER_STEPS) clearInterval(timer);
    }, COUNTER_DURATION_MS / COUNTER_STEPS);
    return () => clearInterval(timer);
  }, [target]);
  return <span data-counter-target={target}>{formatNumber(value)}</span>;
}

import { apiRequest } from "~/lib/api-client";

/** Admin bulk calls answer in time-boxed steps; this repeats a call until it reports done. */
export async function repeatUntilDone<T extends { done?: boolean }>(method: string, path: string, onStep?: (step: T) => void): Promise<T[]> {
  const steps: T[] = [];
  for (;;) {
    const step = await apiRequest<T>(method, path);
    steps.push(step);
    onStep?.(step);
    if (step.done !== false) return steps;
  }
}

import { apiRequest } from "~/lib/admin/api-client";

/** Admin bulk calls answer in time-boxed steps; this repeats a call until it reports done. */
export async function repeatUntilDone<T extends { done?: boolean }>(
  method: string,
  path: string,
  /** The next step's path, from the last answer (a call that names its run). */
  nextPath: (step: T) => string = () => path,
): Promise<T[]> {
  const steps: T[] = [];
  for (let at = path; ; ) {
    const step = await apiRequest<T>(method, at);
    at = nextPath(step);
    steps.push(step);
    if (step.done !== false) return steps;
  }
}

/**
 * Turns of the event loop that the import gives to other requests. Local workerd runs the Worker,
 * D1 and R2 on one thread and, while the import's chain of awaits always has a next step ready,
 * answers no new request (promise turns are not enough): a timer lets it take them (decision 063).
 */
export function yieldToOtherWork(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

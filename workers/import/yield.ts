/**
 * Turns of the event loop that the import gives to other requests. Local workerd runs the Worker,
 * D1 and R2 on one thread and, while the import's chain of awaits always has a next step ready,
 * answers no new request (promise turns are not enough): a timer lets it take them (decision 063).
 */
export function yieldToOtherWork(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Work read between two turns inside a long pass over a file: about a tenth of a second of it. */
export const YIELD_EVERY_BYTES = 1024 * 1024;

/** Gives a turn each time `every` more units (bytes, characters) have been read. */
export class Yielder {
  private since = 0;

  constructor(private readonly every = YIELD_EVERY_BYTES) {}

  async after(units: number): Promise<void> {
    this.since += units;
    if (this.since < this.every) return;
    this.since = 0;
    await yieldToOtherWork();
  }
}

/**
 * How much one queue delivery of an import does before it re-enqueues the job, and how long it
 * rests before it sends to the queue. Production keeps the defaults (well inside a consumer's CPU
 * and wall-clock limits, no rest); local runs set the IMPORT_STEP_ROWS, IMPORT_STEP_SECONDS and
 * IMPORT_SEND_PAUSE_MS vars (decision 063).
 */
export interface ImportStepLimits {
  stepRows: number;
  stepMs: number;
  /** Rest before the consumer sends to a queue after a step's writes. */
  sendPauseMs: number;
}

export const DEFAULT_STEP_LIMITS: ImportStepLimits = { stepRows: 20_000, stepMs: 20_000, sendPauseMs: 0 };

function positiveInteger(text: string | undefined): number | null {
  if (text === undefined || !/^\s*\d+\s*$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** The step limits configured by the vars; a missing or unusable value keeps the default. */
export function importStepLimits(vars: { IMPORT_STEP_ROWS?: string; IMPORT_STEP_SECONDS?: string; IMPORT_SEND_PAUSE_MS?: string }): ImportStepLimits {
  const rows = positiveInteger(vars.IMPORT_STEP_ROWS);
  const seconds = positiveInteger(vars.IMPORT_STEP_SECONDS);
  return {
    stepRows: rows ?? DEFAULT_STEP_LIMITS.stepRows,
    stepMs: seconds === null ? DEFAULT_STEP_LIMITS.stepMs : seconds * 1000,
    sendPauseMs: Math.min(positiveInteger(vars.IMPORT_SEND_PAUSE_MS) ?? DEFAULT_STEP_LIMITS.sendPauseMs, 10_000),
  };
}

import { z } from "~/lib/web/zod";

/** Advertisement code per slot: the spec's 50 KB, enforced on the server. */
export const AD_CODE_MAX_BYTES = 50 * 1024;
/** Site setting code areas: not limited by the spec; bounded so one row stays small. */
export const SETTING_MAX_BYTES = 100 * 1024;
/**
 * The body of a save of four code areas at their limit: JSON writes a quote, backslash or line
 * break in two bytes, so four full 100 KB settings stay under it.
 */
export const CODE_SAVE_MAX_BYTES = 1024 * 1024;

export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** "61.2 KB"; below a kilobyte, "39 B". */
export function formatKilobytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  return `${(bytes / 1024).toFixed(1).replace(/\.0$/, "")} KB`;
}

/** A code text area's value: any text up to `maxBytes` of UTF-8, with a message saying by how much it is over. */
export function codeField(maxBytes: number) {
  return z.string().superRefine((text, ctx) => {
    const bytes = utf8Bytes(text);
    if (bytes > maxBytes) {
      ctx.addIssue({ code: "custom", message: `en fazla ${formatKilobytes(maxBytes)} olabilir (şu an ${formatKilobytes(bytes)})` });
    }
  });
}

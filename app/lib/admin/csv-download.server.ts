import { NO_STORE } from "~/lib/web/cache-policy";

/** A streamed CSV file download. */
export function csvDownload(body: ReadableStream<Uint8Array>, fileName: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      ...NO_STORE,
    },
  });
}

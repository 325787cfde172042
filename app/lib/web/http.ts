/**
 * The shared request behaviour: a non-OK answer becomes an error whose message is
 * "{status}: {response text, or the status text when the body is empty}".
 */
export async function responseErrorMessage(response: Response): Promise<string> {
  const text = (await response.text().catch(() => "")).trim();
  return `${response.status}: ${text || response.statusText}`;
}

/** A plain-text error answer (what the client's error message shows after "status: "). */
export function textError(status: number, message: string, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  h.set("Content-Type", "text/plain; charset=utf-8");
  if (!h.has("Cache-Control")) h.set("Cache-Control", "private, no-store");
  return new Response(message, { status, headers: h });
}

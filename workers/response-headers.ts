/**
 * The response with its headers changed by `edit`, as a copy: a response from a Durable Object
 * or the cache may have immutable headers. A WebSocket upgrade (the upload progress) is passed
 * on untouched: it carries its socket on the response object, which a copy would lose.
 */
export function withEditedHeaders(response: Response, edit: (headers: Headers) => void, body: BodyInit | null = response.body): Response {
  if (response.status === 101) return response;
  const edited = new Response(body, response);
  edit(edited.headers);
  return edited;
}

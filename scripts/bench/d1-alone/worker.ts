/** Runs the statements posted to it as one D1 batch (one transaction), as the consumer commits a batch. */
export default {
  async fetch(request: Request, env: { DB: D1Database }): Promise<Response> {
    // A GET is the benchmark asking whether the Worker is up.
    if (request.method !== "POST") return new Response(null, { status: 204 });
    const { sql, parameters } = (await request.json()) as { sql: string; parameters: string[] };
    // Prepared once and bound per parameter, as upsertBusinessesStatements does for the consumer.
    const statement = env.DB.prepare(sql);
    await env.DB.batch(parameters.map((parameter) => statement.bind(parameter)));
    return new Response(null, { status: 204 });
  },
};

/**
 * A D1Database stand-in that runs every statement through the real one and adds up the
 * `meta.rows_read` D1 reports, so a test can bound what a model function costs.
 */
export function measuringDb(db: D1Database): { db: D1Database; rowsRead: () => number } {
  let total = 0;
  const record = (meta: { rows_read?: number } | undefined) => {
    total += meta?.rows_read ?? 0;
  };
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = {
      __real: statement,
      bind: (...values: unknown[]) => wrap(statement.bind(...values)),
      async first<T>(column?: string) {
        const result = await statement.all<Record<string, unknown>>();
        record(result.meta);
        const row = result.results[0];
        if (!row) return null;
        return (column ? row[column] : row) as T;
      },
      async all<T>() {
        const result = await statement.all<T>();
        record(result.meta);
        return result;
      },
      async run<T>() {
        const result = await statement.run<T>();
        record(result.meta);
        return result;
      },
      async raw<T>() {
        return statement.raw<T>();
      },
    };
    return wrapped as unknown as D1PreparedStatement;
  };
  const measured = {
    prepare: (sql: string) => wrap(db.prepare(sql)),
    async batch<T>(statements: D1PreparedStatement[]) {
      const results = await db.batch<T>(statements.map((s) => (s as unknown as { __real: D1PreparedStatement }).__real));
      for (const result of results) record(result.meta);
      return results;
    },
    exec: (sql: string) => db.exec(sql),
  };
  return { db: measured as unknown as D1Database, rowsRead: () => total };
}

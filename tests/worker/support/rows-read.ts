/** What one statement read: its SQL as prepared and the rows D1 counted. */
export interface StatementRead {
  sql: string;
  rowsRead: number;
}

/**
 * A D1Database stand-in that runs every statement through the real one and adds up the
 * `meta.rows_read` D1 reports, so a test can bound what a model function costs (in all, or
 * statement by statement).
 */
export function measuringDb(db: D1Database): { db: D1Database; rowsRead: () => number; statements: () => StatementRead[] } {
  const reads: StatementRead[] = [];
  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const record = (meta: { rows_read?: number } | undefined) => {
      reads.push({ sql, rowsRead: meta?.rows_read ?? 0 });
    };
    const wrapped = {
      __real: statement,
      __record: record,
      bind: (...values: unknown[]) => wrap(statement.bind(...values), sql),
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
      // The query builder reads rows as arrays: counted like the others (D1's raw() reports no meta).
      async raw(options?: { columnNames?: boolean }) {
        const result = await statement.all<Record<string, unknown>>();
        record(result.meta);
        const rows = result.results.map((row) => Object.values(row));
        return options?.columnNames ? [Object.keys(result.results[0] ?? {}), ...rows] : rows;
      },
    };
    return wrapped as unknown as D1PreparedStatement;
  };
  const measured = {
    prepare: (sql: string) => wrap(db.prepare(sql), sql),
    async batch<T>(statements: D1PreparedStatement[]) {
      const wrapped = statements as unknown as { __real: D1PreparedStatement; __record: (meta: { rows_read?: number }) => void }[];
      const results = await db.batch<T>(wrapped.map((s) => s.__real));
      results.forEach((result, i) => wrapped[i]!.__record(result.meta));
      return results;
    },
    exec: (sql: string) => db.exec(sql),
  };
  return {
    db: measured as unknown as D1Database,
    rowsRead: () => reads.reduce((sum, read) => sum + read.rowsRead, 0),
    statements: () => [...reads],
  };
}

/**
 * What `measure` answers among 600 businesses and then among 6,000 (`seed(from, to)` adds
 * businesses from..to-1), logged side by side: work that grows with the directory shows as a
 * difference.
 */
export async function atTwoSizes<T>(
  label: string,
  seed: (from: number, to: number) => Promise<void>,
  measure: () => Promise<Record<string, T>>,
): Promise<{ small: Record<string, T>; large: Record<string, T> }> {
  await seed(0, 600);
  const small = await measure();
  await seed(600, 6000);
  const large = await measure();
  console.log(`${label} at 600 and 6,000 businesses`, Object.fromEntries(Object.entries(large).map(([k, v]) => [k, [small[k], v]])));
  return { small, large };
}

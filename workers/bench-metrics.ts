/**
 * Opt-in D1 instrumentation for the benchmark (`npm run bench` starts `wrangler dev` with
 * `--var BENCH_METRICS:1`; it is off everywhere else). A thin wrapper around the DB binding,
 * created once per request, sums `meta.rows_read` (what D1 bills) over every call the request
 * makes, so no model needs to know about it. The answer then carries:
 *   X-D1-Rows-Read   rows read by all metered calls
 *   X-D1-Calls       D1 round trips (a batch counts once)
 *   X-D1-Unmetered   calls whose D1 API returns no meta (raw(), exec()): their rows are not in the sum
 *   X-D1-Statements  only when the request asks with `X-Bench-Capture: 1`: the SQL and bound
 *                    values of every statement, URI-encoded JSON, so the bench can replay them
 *                    directly on SQLite.
 */

export interface RecordedStatement {
  sql: string;
  params: unknown[];
}

export class D1Recorder {
  rowsRead = 0;
  calls = 0;
  unmetered = 0;
  readonly statements: RecordedStatement[] = [];

  /** The DB binding as the request's code sees it. */
  wrap(db: D1Database): D1Database {
    const recorder = this;
    return new Proxy(db, {
      get(target, property) {
        if (property === "prepare") return (sql: string) => new RecordedD1Statement(recorder, target.prepare(sql), sql, []);
        if (property === "batch") {
          return async (statements: D1PreparedStatement[]) => {
            for (const statement of statements) recorder.note(statement);
            const results = await target.batch(statements.map(unwrap));
            recorder.calls += 1;
            for (const result of results) recorder.rowsRead += result.meta?.rows_read ?? 0;
            return results;
          };
        }
        if (property === "exec") {
          return (sql: string) => {
            recorder.calls += 1;
            recorder.unmetered += 1;
            recorder.statements.push({ sql, params: [] });
            return target.exec(sql);
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  }

  note(statement: D1PreparedStatement) {
    if (statement instanceof RecordedD1Statement) this.statements.push({ sql: statement.sql, params: statement.params });
  }

  /** Adds the figures to an answer (a new Response: the one given may have immutable headers). */
  annotate(response: Response, captureStatements: boolean): Response {
    const annotated = new Response(response.body, response);
    annotated.headers.set("X-D1-Rows-Read", String(this.rowsRead));
    annotated.headers.set("X-D1-Calls", String(this.calls));
    annotated.headers.set("X-D1-Unmetered", String(this.unmetered));
    if (captureStatements) annotated.headers.set("X-D1-Statements", encodeURIComponent(JSON.stringify(this.statements)));
    return annotated;
  }
}

function unwrap(statement: D1PreparedStatement): D1PreparedStatement {
  return statement instanceof RecordedD1Statement ? statement.inner : statement;
}

class RecordedD1Statement implements D1PreparedStatement {
  constructor(
    private readonly recorder: D1Recorder,
    readonly inner: D1PreparedStatement,
    readonly sql: string,
    readonly params: unknown[],
  ) {}

  bind(...values: unknown[]): D1PreparedStatement {
    return new RecordedD1Statement(this.recorder, this.inner.bind(...values), this.sql, values);
  }

  private async metered<T extends D1Response>(call: Promise<T>): Promise<T> {
    this.recorder.note(this);
    const result = await call;
    this.recorder.calls += 1;
    this.recorder.rowsRead += result.meta?.rows_read ?? 0;
    return result;
  }

  // D1's first() reads the whole result and keeps the first row; all() does the same and has meta.
  first<T = unknown>(column: string): Promise<T | null>;
  first<T = Record<string, unknown>>(): Promise<T | null>;
  async first<T>(column?: string): Promise<T | null> {
    const { results } = await this.metered(this.inner.all<Record<string, unknown>>());
    const row = results[0];
    if (!row) return null;
    if (column === undefined) return row as T;
    if (!(column in row)) throw new Error(`D1_COLUMN_NOTFOUND: Column not found (${column})`);
    return row[column] as T;
  }

  run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.metered(this.inner.run<T>());
  }

  all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.metered(this.inner.all<T>());
  }

  raw<T = unknown[]>(options: { columnNames: true }): Promise<[string[], ...T[]]>;
  raw<T = unknown[]>(options?: { columnNames?: false }): Promise<T[]>;
  async raw<T = unknown[]>(options?: { columnNames?: boolean }): Promise<T[] | [string[], ...T[]]> {
    this.recorder.note(this);
    this.recorder.calls += 1;
    this.recorder.unmetered += 1;
    return options?.columnNames ? this.inner.raw<T>({ columnNames: true }) : this.inner.raw<T>();
  }
}

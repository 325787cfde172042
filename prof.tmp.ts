import { readFileSync } from "node:fs";
import { CsvParser } from "./app/lib/import/csv";
import { mapColumns } from "./app/lib/import/columns";
import { cleanRow } from "./app/lib/import/clean";
import { toBusinessRow } from "./app/lib/business-record";
import { upsertBusinessesStatements } from "./app/models/business.server";
const bytes = new Uint8Array(readFileSync("bench/data/import-100000-part1.csv"));
const fakeStmt: any = { bind: (...a: unknown[]) => ({ a }) };
const db: any = { prepare: () => fakeStmt };
for (let round = 0; round < 2; round++) {
let t = performance.now();
const parser = new CsvParser(0);
const records: any[] = [];
for (let i = 0; i < bytes.length; i += 65536) records.push(...parser.push(bytes.subarray(i, i + 65536)));
records.push(...parser.finish());
const tParse = performance.now() - t;
const mapping = mapColumns(records[0].cells.map(String));
t = performance.now();
const cleaned: any[] = [];
for (const r of records.slice(1)) { const c = cleanRow(r.cells, mapping); if (c.ok) cleaned.push(c.record); }
const tClean = performance.now() - t;
t = performance.now();
const rows = cleaned.map(toBusinessRow);
const tRow = performance.now() - t;
t = performance.now();
for (let i = 0; i < rows.length; i += 2000) upsertBusinessesStatements(db, rows.slice(i, i + 2000));
const tStmt = performance.now() - t;
console.log(`rows ${rows.length}: parse ${tParse.toFixed(0)} ms, clean ${tClean.toFixed(0)} ms, toBusinessRow ${tRow.toFixed(0)} ms, statements ${tStmt.toFixed(0)} ms`);
}

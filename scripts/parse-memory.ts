/**
 * Parser memory check: runs the import's own row sources (app/import/read/rows.ts) and row
 * cleaning on a generated 150 MB CSV and a large XLSX under Node with a 64 MB heap, and prints
 * the peak heap. The files are generated in a temp dir (never committed); R2 is replaced by a
 * small file-backed stand-in that serves ranged reads, as R2 does.
 *
 *   npx tsx scripts/parse-memory.ts [--csv-mb 150] [--xlsx-rows 400000] [--dir DIR] [--only csv|xlsx]
 */
import { spawnSync } from "node:child_process";
import { closeSync, createReadStream, existsSync, mkdirSync, openSync, readdirSync, readSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { Zip, ZipDeflate, strToU8 } from "fflate";

function arg(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1]! : fallback;
}

const HOURS = JSON.stringify({ Monday: "9AM-5PM", Tuesday: "9AM-5PM", Wednesday: "9AM-5PM", Thursday: "9AM-5PM", Friday: "9AM-5PM", Saturday: "Closed", Sunday: "Closed" });
const ABOUT = JSON.stringify({ "Service options": { "Dine-in": true, Takeout: true }, Amenities: { "Free Wi-Fi": true, "Kids' menu": true } });
const HEADER = ["name", "site", "type", "category", "phone", "full_address", "city", "postal_code", "country", "country_code", "latitude", "longitude", "rating", "reviews", "working_hours", "about", "verified", "place_id"];

function record(i: number): (string | number)[] {
  return [
    `Hôtel Nummer ${i} — Zürich "Altstadt"`, `https://hotel-${i}.example`, "Hotel", "Hotels", `+41 44 ${String(i).padStart(7, "0")}`,
    `Bahnhofstrasse ${i % 300}, 80${String(i % 100).padStart(2, "0")} Zürich, Switzerland`, "Zürich", `80${i % 100}.0`, "Switzerland", "CH",
    47 + (i % 1000) / 10_000, 8.5 + (i % 1000) / 10_000, 3 + (i % 20) / 10, i % 5000, HOURS, ABOUT, i % 2 ? "True" : "False", `ChIJ-memory-${i}`,
  ];
}

function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function generateCsv(file: string, megabytes: number): number {
  const fd = openSync(file, "w");
  let bytes = 0;
  let rows = 0;
  const write = (line: string) => {
    const buffer = Buffer.from(`${line}\n`);
    writeSync(fd, buffer);
    bytes += buffer.length;
  };
  write(HEADER.join(","));
  while (bytes < megabytes * 1024 * 1024) write(record(rows++).map(csvCell).join(","));
  closeSync(fd);
  return rows;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Writes an xlsx the way Excel lays it out: every text cell a shared string, the table after the sheet. */
function generateXlsx(file: string, rows: number) {
  const fd = openSync(file, "w");
  const zip = new Zip((error, data) => {
    if (error) throw error;
    writeSync(fd, data);
  });
  const small = (name: string, text: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(strToU8(text), true);
  };
  small("[Content_Types].xml", `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`);
  small("_rels/.rels", `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`);
  small("xl/workbook.xml", `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Generated" sheetId="1" r:id="rId1"/></sheets></workbook>`);
  small("xl/_rels/workbook.xml.rels", `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`);

  // Shared strings are numbered in order of first use, row by row, as spreadsheet writers do.
  const sheet = new ZipDeflate("xl/worksheets/sheet1.xml", { level: 6 });
  zip.add(sheet);
  sheet.push(strToU8(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`));
  let count = 0;
  const rowXml = (r: number, values: (string | number)[]) =>
    `<row r="${r}">${values
      .map((v, c) => (typeof v === "number" ? `<c r="${columnName(c)}${r}"><v>${v}</v></c>` : `<c r="${columnName(c)}${r}" t="s"><v>${count++}</v></c>`))
      .join("")}</row>`;
  let buffered = rowXml(1, HEADER);
  for (let i = 0; i < rows; i++) {
    buffered += rowXml(i + 2, record(i));
    if (buffered.length > 1_000_000) {
      sheet.push(strToU8(buffered));
      buffered = "";
    }
  }
  sheet.push(strToU8(`${buffered}</sheetData></worksheet>`), true);

  const table = new ZipDeflate("xl/sharedStrings.xml", { level: 6 });
  zip.add(table);
  table.push(strToU8(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${count}" uniqueCount="${count}">`));
  buffered = HEADER.map((h) => `<si><t>${h}</t></si>`).join("");
  for (let i = 0; i < rows; i++) {
    for (const value of record(i)) if (typeof value === "string") buffered += `<si><t>${escapeXml(value)}</t></si>`;
    if (buffered.length > 1_000_000) {
      table.push(strToU8(buffered));
      buffered = "";
    }
  }
  table.push(strToU8(`${buffered}</sst>`), true);
  zip.end();
  closeSync(fd);
}

/** Enough of R2 for the row sources, backed by files: ranged reads stream from disk. */
function fileBucket(dir: string) {
  const file = (key: string) => path.join(dir, key.replace(/\//g, "__"));
  const object = (key: string, range?: { offset?: number; length?: number }) => {
    const size = statSync(file(key)).size;
    const start = range?.offset ?? 0;
    const end = range?.length !== undefined ? start + range.length - 1 : size - 1;
    return {
      size,
      get body() {
        return Readable.toWeb(createReadStream(file(key), { start, end, highWaterMark: 256 * 1024 })) as ReadableStream<Uint8Array>;
      },
      async arrayBuffer() {
        const bytes = Buffer.alloc(end + 1 - start);
        const fd = openSync(file(key), "r");
        readSync(fd, bytes, 0, bytes.length, start);
        closeSync(fd);
        return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
      },
      async json<T>() {
        return JSON.parse(readFileSync(file(key), "utf8")) as T;
      },
    };
  };
  return {
    async get(key: string, options?: { range?: { offset?: number; length?: number } }) {
      return existsSync(file(key)) ? object(key, options?.range) : null;
    },
    async head(key: string) {
      return existsSync(file(key)) ? { size: statSync(file(key)).size } : null;
    },
    async put(key: string, value: string) {
      writeFileSync(file(key), value);
    },
    async list({ prefix }: { prefix: string }) {
      const flat = prefix.replace(/\//g, "__");
      return { objects: readdirSync(dir).filter((f) => f.startsWith(flat)).map((f) => ({ key: f })), truncated: false };
    },
    async delete() {},
  } as unknown as R2Bucket;
}

async function measure(dir: string, key: string, type: "csv" | "xlsx") {
  const { sheetRows } = await import("../app/import/read/rows");
  const { storedFile } = await import("../app/import/store.server");
  const { mapColumns } = await import("../app/import/clean/columns");
  const { cleanRow } = await import("../app/import/clean/row");
  const { toBusinessRow } = await import("../app/lib/business/business-record");
  const bucket = fileBucket(dir);
  const size = statSync(path.join(dir, key)).size;
  let peak = 0;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().heapUsed));
  const timer = setInterval(sample, 20);
  const started = Date.now();
  let rows = 0;
  let valid = 0;
  let mapping: ReturnType<typeof mapColumns> | null = null;
  for await (const row of sheetRows(storedFile(bucket, key), type, size, { row: 0 })) {
    if (!mapping) {
      mapping = mapColumns(row.cells.map(String));
      continue;
    }
    const cleaned = cleanRow(row.cells, mapping);
    if (cleaned.ok) {
      toBusinessRow(cleaned.record);
      valid++;
    }
    if (++rows % 5000 === 0) sample();
  }
  clearInterval(timer);
  sample();
  console.log(JSON.stringify({ type, fileMB: +(size / 1048576).toFixed(1), rows, valid, seconds: (Date.now() - started) / 1000, peakHeapMB: +(peak / 1048576).toFixed(1), heapLimitMB: 64 }));
}

if (process.argv[2] === "--measure") {
  await measure(process.argv[3]!, process.argv[4]!, process.argv[5] as "csv" | "xlsx");
} else {
  const dir = arg("dir", path.join(os.tmpdir(), "parse-memory"));
  mkdirSync(dir, { recursive: true });
  const csv = path.join(dir, "big.csv");
  const xlsx = path.join(dir, "big.xlsx");
  if (!existsSync(csv)) console.log(`generated CSV: ${generateCsv(csv, Number(arg("csv-mb", "150")))} rows`);
  if (!existsSync(xlsx)) {
    generateXlsx(xlsx, Number(arg("xlsx-rows", "400000")));
    console.log(`generated XLSX: ${(statSync(xlsx).size / 1048576).toFixed(1)} MB`);
  }
  const only = arg("only", "");
  for (const [key, type] of [["big.csv", "csv"], ["big.xlsx", "xlsx"]] as const) {
    if (only && only !== type) continue;
    for (const side of readdirSync(dir).filter((f) => f.includes(".strings"))) rmSync(path.join(dir, side));
    const run = spawnSync(process.execPath, ["--max-old-space-size=64", "--import", "tsx", import.meta.filename, "--measure", dir, key, type], { stdio: "inherit" });
    if (run.status !== 0) {
      console.error(`${type}: the parser did not complete within a 64 MB heap (exit ${run.status})`);
      process.exitCode = 1;
    }
  }
}

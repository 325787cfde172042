/**
 * Hostile uploads built by the tests themselves (never committed blobs): a zip whose headers
 * state whatever sizes the test chooses, and the issue-36 zip bomb, an .xlsx of about 1 MB whose
 * sheet declares 1,000,000 bytes in both zip headers and inflates to over a gigabyte.
 */
import { joinBytes } from "~/lib/web/bytes";
import { constants, deflateRawSync } from "node:zlib";

export interface RawZipEntry {
  name: string;
  /** The entry's bytes as stored: raw deflate data for method 8, the text itself for method 0. */
  data: Uint8Array;
  method?: 0 | 8;
  /** The uncompressed size both headers state (the CRC is left 0: nothing here checks it). */
  declaredSize: number;
}

const encoder = new TextEncoder();

/** A zip of `entries` with the sizes they declare, in local headers and central directory alike. */
export function zipWithDeclaredSizes(entries: readonly RawZipEntry[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    const method = entry.method ?? 8;
    const local = new Uint8Array(30 + name.length);
    const view = new DataView(local.buffer);
    view.setUint32(0, 0x04034b50, true);
    view.setUint16(4, 20, true);
    view.setUint16(8, method, true);
    view.setUint32(18, entry.data.length, true);
    view.setUint32(22, entry.declaredSize, true);
    view.setUint16(26, name.length, true);
    local.set(name, 30);
    const record = new Uint8Array(46 + name.length);
    const directory = new DataView(record.buffer);
    directory.setUint32(0, 0x02014b50, true);
    directory.setUint16(4, 20, true);
    directory.setUint16(6, 20, true);
    directory.setUint16(10, method, true);
    directory.setUint32(20, entry.data.length, true);
    directory.setUint32(24, entry.declaredSize, true);
    directory.setUint16(28, name.length, true);
    directory.setUint32(42, offset, true);
    record.set(name, 46);
    parts.push(local, entry.data);
    central.push(record);
    offset += local.length + entry.data.length;
  }
  const directorySize = central.reduce((sum, part) => sum + part.length, 0);
  const end = new Uint8Array(22);
  const view = new DataView(end.buffer);
  view.setUint32(0, 0x06054b50, true);
  view.setUint16(8, entries.length, true);
  view.setUint16(10, entries.length, true);
  view.setUint32(12, directorySize, true);
  view.setUint32(16, offset, true);
  return joinBytes([...parts, ...central, end]);
}

/** Raw deflate of `text`, complete. */
export function deflated(text: string | Uint8Array): Uint8Array {
  return new Uint8Array(deflateRawSync(typeof text === "string" ? encoder.encode(text) : text, { level: 9 }));
}

/**
 * Raw deflate data that inflates to `head`, then `repeats` MB of spaces, then `tail`, built in
 * milliseconds: each part is its own fully flushed deflate run (it refers to nothing before
 * it), so one compressed megabyte of spaces, about 1 KB, is simply repeated.
 */
export function bombData(head: string, repeats: number, tail: string): Uint8Array {
  const flushed = (bytes: Uint8Array) => new Uint8Array(deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_FULL_FLUSH }));
  const start = flushed(encoder.encode(head));
  const megabyte = flushed(new Uint8Array(1024 * 1024).fill(0x20));
  const end = deflated(tail);
  const out = new Uint8Array(start.length + megabyte.length * repeats + end.length);
  out.set(start, 0);
  for (let i = 0; i < repeats; i++) out.set(megabyte, start.length + i * megabyte.length);
  out.set(end, start.length + megabyte.length * repeats);
  return out;
}

const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const RELATIONSHIPS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

function inlineRow(r: number, cells: string[]): string {
  return `<row r="${r}">${cells.map((text) => `<c t="inlineStr"><is><t>${text}</t></is></c>`).join("")}</row>`;
}

/**
 * The issue's bomb: real rows (a header and `names`) and then `megabytes` MB of spaces inside
 * <sheetData>, in a sheet whose zip headers both say it is 1,000,000 bytes; with the default
 * 1100 MB the file is about 1.1 MB.
 */
export function lyingSheetBomb(names: string[] = ["Bomb Hotel"], megabytes = 1100): Uint8Array {
  const head = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${[["name"], ...names.map((n) => [n])].map((cells, i) => inlineRow(i + 1, cells)).join("")}`;
  return zipWithDeclaredSizes([
    { name: "xl/workbook.xml", data: deflated(WORKBOOK), declaredSize: encoder.encode(WORKBOOK).length },
    { name: "xl/_rels/workbook.xml.rels", data: deflated(RELATIONSHIPS), declaredSize: encoder.encode(RELATIONSHIPS).length },
    { name: "xl/worksheets/sheet1.xml", data: bombData(head, megabytes, "</sheetData></worksheet>"), declaredSize: 1_000_000 },
  ]);
}

/** An honest .xlsx of one column "name" holding `names`, built the same way (true sizes). */
export function honestXlsx(names: string[]): Uint8Array {
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${[["name"], ...names.map((n) => [n])].map((cells, i) => inlineRow(i + 1, cells)).join("")}</sheetData></worksheet>`;
  return zipWithDeclaredSizes(
    [["xl/workbook.xml", WORKBOOK], ["xl/_rels/workbook.xml.rels", RELATIONSHIPS], ["xl/worksheets/sheet1.xml", sheet]].map(([name, text]) => ({
      name: name!,
      data: deflated(text!),
      declaredSize: encoder.encode(text!).length,
    })),
  );
}

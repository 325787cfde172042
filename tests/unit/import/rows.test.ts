import { describe, expect, it } from "vitest";
import { checkCsvComplete, ImportFileError, sheetRows, type ByteRange, type SourceRow, type StoredFile } from "~/import/read/rows";

/** A stored file in memory, served in small pieces as a ranged read streams them. */
function memoryFile(text: string): StoredFile {
  const data = new TextEncoder().encode(text);
  const side = new Map<string, string>();
  const slice = (range?: ByteRange) => data.subarray(range?.offset ?? 0, range?.length === undefined ? undefined : (range.offset ?? 0) + range.length);
  return {
    key: "uploads/memory",
    size: async () => data.length,
    stream: async (range) => {
      const bytes = slice(range);
      return (async function* () {
        for (let at = 0; at < bytes.length; at += 7) yield bytes.subarray(at, at + 7);
      })();
    },
    bytes: async (range) => slice(range),
    readSide: async <T>(name: string) => (side.has(name) ? (JSON.parse(side.get(name)!) as T) : null),
    writeSide: async (name, value) => void side.set(name, JSON.stringify(value)),
  };
}

async function all(rows: AsyncGenerator<SourceRow>): Promise<SourceRow[]> {
  const out: SourceRow[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe("rows of a stored file", () => {
  const csv = "name;city\nCafé;Zürich\n\nBar;Köln\n";

  it("reads a CSV with its delimiter, counting empty lines as a spreadsheet shows them", async () => {
    const rows = await all(sheetRows(memoryFile(csv), "csv", csv.length, { row: 0 }));
    expect(rows.map((r) => [r.rowNumber, r.cells])).toEqual([
      [1, ["name", "city"]],
      [2, ["Café", "Zürich"]],
      [4, ["Bar", "Köln"]],
    ]);
  });

  it("resumes a CSV after the committed row, reading its delimiter from the header again", async () => {
    const file = memoryFile(csv);
    const [, second] = await all(sheetRows(file, "csv", csv.length, { row: 0 }));
    const rest = await all(sheetRows(file, "csv", csv.length, { row: second!.rowNumber, offset: second!.offset }));
    expect(rest.map((r) => [r.rowNumber, r.cells])).toEqual([[4, ["Bar", "Köln"]]]);
    expect(await all(sheetRows(file, "csv", csv.length, { row: 4, offset: new TextEncoder().encode(csv).length }))).toEqual([]);
  });

  it("refuses a CSV cut inside a quoted field before any row is written", async () => {
    await expect(checkCsvComplete(memoryFile('name,about\nCafé,"open late\n'))).rejects.toBeInstanceOf(ImportFileError);
    await expect(checkCsvComplete(memoryFile(csv))).resolves.toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES } from "~/import/read/file-type";
import { checkAnnouncedFile, receiveMultipartFile, type FileSink } from "~/import/receive";
import { tooLargeText } from "~/import/upload-messages";

/** A sink that keeps what it is given, as the store's R2 writer would write it. */
function memorySink() {
  const chunks: Uint8Array[] = [];
  const sink = {
    size: 0,
    closed: false,
    aborted: false,
    async write(bytes: Uint8Array) {
      chunks.push(bytes);
      sink.size += bytes.length;
    },
    async close() {
      sink.closed = true;
      return sink.size;
    },
    async abort() {
      sink.aborted = true;
    },
    text: () => Buffer.concat(chunks).toString("utf8"),
  };
  return sink satisfies FileSink;
}

function formRequest(form: FormData): Request {
  return new Request("https://example.com/api/upload-excel-batch", { method: "POST", body: form });
}

describe("receiving an upload", () => {
  it("takes an announced spreadsheet and refuses another type or an oversized file before any byte", () => {
    expect(checkAnnouncedFile("places.xlsx", 1024)).toEqual({ ok: true, fileType: "xlsx" });
    expect(checkAnnouncedFile("places.pdf", 1024)).toMatchObject({ ok: false, status: 415 });
    expect(checkAnnouncedFile("places.csv", MAX_UPLOAD_BYTES + 1)).toEqual({ ok: false, status: 413, message: tooLargeText("places.csv") });
  });

  it("streams a form's file part into its sink and reads the batch size beside it", async () => {
    const form = new FormData();
    form.set("batchSize", "1000");
    form.set("file", new Blob(["name,city\nCafé,Zürich\n"]), "places.csv");
    const sink = memorySink();
    const received = await receiveMultipartFile(formRequest(form), () => sink);
    expect(received).toEqual({ ok: true, fileName: "places.csv", fileSize: sink.size, fileType: "csv", batchSize: 1000 });
    expect(sink.closed).toBe(true);
    expect(sink.text()).toBe("name,city\nCafé,Zürich\n");
  });

  it("refuses a second file in one request and aborts what it had stored", async () => {
    const form = new FormData();
    form.append("file", new Blob(["name\nA\n"]), "a.csv");
    form.append("file", new Blob(["name\nB\n"]), "b.csv");
    const sink = memorySink();
    expect(await receiveMultipartFile(formRequest(form), () => sink)).toMatchObject({ ok: false, status: 400 });
    expect(sink.aborted).toBe(true);
  });

  it("answers a body that is not multipart without opening a sink", async () => {
    let opened = false;
    const request = new Request("https://example.com/api/upload-excel-batch", { method: "POST", body: "name\nA\n", headers: { "Content-Type": "text/csv" } });
    const received = await receiveMultipartFile(request, () => ((opened = true), memorySink()));
    expect(received).toMatchObject({ ok: false, status: 400 });
    expect(opened).toBe(false);
  });
});

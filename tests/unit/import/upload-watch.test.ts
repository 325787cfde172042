import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SILENCE_MS, watchJob } from "~/components/upload/upload-client";
import type { BatchResult } from "~/import/report";

/** A socket that opens and then says nothing: the import's final message never arrives. */
class SilentSocket {
  static last: SilentSocket | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor() {
    SilentSocket.last = this;
  }
  close() {}
}

const answers: { status: number; body: unknown }[] = [];
const asked: string[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  answers.length = 0;
  asked.length = 0;
  vi.stubGlobal("window", { location: { protocol: "http:", host: "admin.test" } });
  vi.stubGlobal("WebSocket", SilentSocket);
  vi.stubGlobal("fetch", async (url: string) => {
    asked.push(url);
    const answer = answers.shift() ?? { status: 500, body: {} };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const report = { success: true, message: "oteller.csv: 250 işletme kaydedildi", totalRows: 250, successCount: 250 } as BatchResult;

describe("following an import whose final progress message is lost", () => {
  it("asks for the job after a silence and shows its report", async () => {
    answers.push({ status: 200, body: { status: "done", progress: { processedRows: 250 }, result: report } });
    const rows: number[] = [];
    const watcher = watchJob("job-1", "oteller.csv", (n) => rows.push(n));
    await vi.advanceTimersByTimeAsync(SILENCE_MS - 1);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(watcher.result).resolves.toEqual(report);
    expect(asked).toEqual(["/api/admin/upload-jobs/job-1"]);
    expect(rows).toEqual([250]);
  });

  it("stops polling when the session has ended and says so, instead of waiting for ever", async () => {
    answers.push({ status: 401, body: { success: false, message: "Oturum gerekli." } });
    const watcher = watchJob("job-2", "oteller.csv", () => undefined);
    SilentSocket.last!.onclose!(); // the socket falls back to polling at once
    const result = await watcher.result;
    expect(result.success).toBe(false);
    expect(result.message).toBe("Upload failed for oteller.csv: Oturum sona erdi; içe aktarma sunucuda sürüyor olabilir. Sonucu yeniden giriş yapıp panoda görebilirsiniz.");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked).toHaveLength(1);
  });

  it("stops when the job is gone, with the server's reason", async () => {
    answers.push({ status: 404, body: { success: false, message: "Yükleme işi bulunamadı." } });
    const watcher = watchJob("job-3", "oteller.csv", () => undefined);
    SilentSocket.last!.onclose!();
    await expect(watcher.result).resolves.toMatchObject({ success: false, message: "Upload failed for oteller.csv: Yükleme işi bulunamadı." });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked).toHaveLength(1);
  });
});

describe("following an import whose socket closed", () => {
  it("asks once a second by polling alone, the silence timer no longer asking besides", async () => {
    const processing = () => new Response(JSON.stringify({ status: "processing", progress: { processedRows: 10 } }), { status: 200 });
    let answerSilenceAsk!: () => void;
    vi.stubGlobal("fetch", (url: string) => {
      asked.push(url);
      if (asked.length > 1) return Promise.resolve(processing());
      return new Promise<Response>((resolve) => (answerSilenceAsk = () => resolve(processing())));
    });
    watchJob("job-4", "oteller.csv", () => undefined);
    await vi.advanceTimersByTimeAsync(SILENCE_MS); // the silence's question is on its way…
    SilentSocket.last!.onclose!(); // …when the socket closes: polling starts
    answerSilenceAsk();
    await vi.advanceTimersByTimeAsync(40_500);
    // The silence's question, then one every second for 40.5 s: 0, 1, …, 40 s.
    expect(asked).toHaveLength(1 + 41);
  });
});

/**
 * Browser side of an upload: opens the file's upload job, starts watching the job's WebSocket
 * at once (so no progress message is missed), sends the file in R2 multipart parts (each part
 * retried), completes it, then follows rows processed until the batch result arrives.
 */
import { adminData } from "~/lib/admin/admin-data-cache";
import { apiRequest, followEndedSession } from "~/lib/admin/api-client";
import type { RunningUploadJob } from "~/import/upload.server";
import type { BatchResult } from "~/import/report";
import { failedFileResult, failedImportResult, UPLOAD_MESSAGES, uploadTimeoutMs } from "~/import/upload-messages";

const PART_ATTEMPTS = 3;

export interface UploadCallbacks {
  onBytes(sent: number): void;
  onRows(processedRows: number): void;
}

class UploadError extends Error {}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** One XHR (for upload progress events), mapped to the spec's error messages. */
function send(method: string, url: string, body: XMLHttpRequestBodyInit, timeoutMs: number, onBytes: (sent: number) => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.timeout = timeoutMs;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => onBytes(event.loaded);
    xhr.onload = () => {
      let parsed: Record<string, unknown> = {};
      try {
        parsed = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        parsed = { message: xhr.responseText || xhr.statusText };
      }
      resolve({ status: xhr.status, body: parsed });
    };
    xhr.ontimeout = () => reject(new UploadError(UPLOAD_MESSAGES.timeout));
    xhr.onerror = () => reject(new UploadError(UPLOAD_MESSAGES.network));
    xhr.send(body);
  });
}

async function postJson(url: string, payload: unknown): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(payload) });
  } catch {
    throw new UploadError(UPLOAD_MESSAGES.fetch);
  }
  followEndedSession(response, url);
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

function serverText(answer: Answer): string {
  return typeof answer.body.message === "string" ? answer.body.message : UPLOAD_MESSAGES.other;
}

/** A client error other than a timeout or too many requests: the same part would be refused again. */
function isRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** Sends the parts; answers the failing part's answer, or the list of stored parts. */
async function sendParts(
  file: File,
  upload: { jobId: string; uploadId: string; partSize: number },
  onBytes: (sent: number) => void,
): Promise<{ partNumber: number; etag: string }[] | Answer> {
  const parts: { partNumber: number; etag: string }[] = [];
  const timeout = uploadTimeoutMs(file.size);
  for (let start = 0, partNumber = 1; start < file.size; start += upload.partSize, partNumber++) {
    const blob = file.slice(start, start + upload.partSize);
    const url = `/api/admin/uploads/${upload.jobId}/parts/${partNumber}?uploadId=${encodeURIComponent(upload.uploadId)}`;
    let answer: Answer | null = null;
    for (let attempt = 1; attempt <= PART_ATTEMPTS; attempt++) {
      try {
        answer = await send("PUT", url, blob, timeout, (sent) => onBytes(start + sent));
        // Sent again only when another try may do better: not after a refusal (an ended session, a bad part).
        if (answer.status === 200 || isRefusal(answer.status)) break;
      } catch (error) {
        if (attempt === PART_ATTEMPTS) throw error;
      }
    }
    if (answer) followEndedSession(answer, url);
    if (!answer || answer.status !== 200) return answer!;
    const part = answer.body.part as { partNumber: number; etag: string };
    parts.push({ partNumber: part.partNumber, etag: part.etag });
  }
  return parts;
}

/** Without a message this long, the page asks for the job itself: a final message can be lost. */
export const SILENCE_MS = 20_000;
const POLL_MS = 1000;

/**
 * Follows the job over its WebSocket, asks for the job after a silence, and falls back to polling
 * the job if the socket fails; stops with a failed result when the job or the session is gone.
 */
export function watchJob(jobId: string, fileName: string, onRows: (rows: number) => void): { result: Promise<BatchResult>; stop(): void } {
  let settled = false;
  let socket: WebSocket | null = null;
  let silence: ReturnType<typeof setTimeout> | undefined;
  /** A job that ended failed is a failed file, whatever it wrote first. */
  const ended = (status: string | undefined, value: BatchResult) => (status === "failed" ? failedImportResult(fileName, value) : value);
  const result = new Promise<BatchResult>((resolve) => {
    const finish = (value: BatchResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(silence);
      socket?.close(1000, "done");
      // The import wrote its rows after the upload's last request: kept lists and counts are old now.
      adminData.forgetAll();
      resolve(value);
    };
    /** One look at the job; a network error or a server error is tried again later. */
    const ask = async () => {
      const response = await fetch(`/api/admin/upload-jobs/${jobId}`, { headers: { Accept: "application/json" } }).catch(() => null);
      if (settled || !response) return;
      const body = (await response.json().catch(() => null)) as { status?: string; progress?: { processedRows: number } | null; result?: BatchResult | null; message?: string } | null;
      if (response.status === 401) return finish(failedFileResult(fileName, UPLOAD_MESSAGES.sessionEnded));
      if (response.status === 404) return finish(failedFileResult(fileName, body?.message ?? UPLOAD_MESSAGES.jobGone));
      if (body?.progress) onRows(body.progress.processedRows);
      if (body?.result) finish(ended(body.status, body.result));
    };
    // Once the socket has closed, polling alone asks: a silence question still on its way then
    // sets no new timer.
    let polling = false;
    const listenForSilence = () => {
      clearTimeout(silence);
      if (polling) return;
      silence = setTimeout(() => void ask().then(() => !settled && listenForSilence()), SILENCE_MS);
    };
    const poll = async () => {
      polling = true;
      clearTimeout(silence);
      while (!settled) {
        await ask();
        if (!settled) await new Promise((r) => setTimeout(r, POLL_MS));
      }
    };
    const protocol = window.location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${protocol}://${window.location.host}/api/admin/upload-jobs/${jobId}/progress`);
    listenForSilence();
    socket.onmessage = (event) => {
      listenForSilence();
      const message = JSON.parse(String(event.data)) as { processedRows?: number; status?: string; result?: BatchResult };
      if (typeof message.processedRows === "number") onRows(message.processedRows);
      if (message.result && (message.status === "done" || message.status === "failed")) finish(ended(message.status, message.result));
    };
    socket.onclose = () => {
      if (!settled) void poll();
    };
  });
  return {
    result,
    stop() {
      settled = true;
      clearTimeout(silence);
      socket?.close(1000, "stopped");
    },
  };
}

/** The imports queued or running now (none when the call fails: the page still uploads). */
export async function runningUploadJobs(): Promise<RunningUploadJob[]> {
  return apiRequest<RunningUploadJob[]>("GET", "/api/admin/upload-jobs").catch(() => []);
}

/** Uploads one file and waits for its import; never throws: a failure is an error result. */
export async function uploadFile(file: File, options: { batchSize: number }, callbacks: UploadCallbacks): Promise<BatchResult> {
  if (file.size === 0) return failedFileResult(file.name, `${file.name}: dosya boş.`);
  let watcher: ReturnType<typeof watchJob> | null = null;
  try {
    const begin = await postJson("/api/admin/uploads", { fileName: file.name, fileSize: file.size, batchSize: options.batchSize });
    if (begin.status !== 200) return failedFileResult(file.name, serverText(begin));
    const upload = begin.body as { jobId: string; uploadId: string; partSize: number };
    watcher = watchJob(upload.jobId, file.name, callbacks.onRows);
    const parts = await sendParts(file, upload, callbacks.onBytes);
    if (!Array.isArray(parts)) {
      watcher.stop();
      return failedFileResult(file.name, serverText(parts));
    }
    const complete = await postJson(`/api/admin/uploads/${upload.jobId}/complete`, { uploadId: upload.uploadId, parts });
    if (complete.status !== 202) {
      watcher.stop();
      return failedFileResult(file.name, serverText(complete));
    }
    callbacks.onBytes(file.size);
    return await watcher.result;
  } catch (error) {
    watcher?.stop();
    return failedFileResult(file.name, error instanceof UploadError ? error.message : UPLOAD_MESSAGES.other);
  }
}

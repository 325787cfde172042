/**
 * Browser side of an upload: sends one file (a single multipart POST for small files, R2
 * multipart parts for large ones, each part retried), reports bytes sent, then follows the
 * job's WebSocket for rows processed until the batch result arrives.
 */
import type { BatchResult } from "~/lib/import/report";
import { failedFileResult, UPLOAD_MESSAGES, uploadTimeoutMs } from "~/lib/import/upload-messages";

/** Files up to this size go in one request; larger ones in R2 multipart parts. */
export const SINGLE_REQUEST_MAX_BYTES = 10 * 1024 * 1024;
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
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

function serverText(answer: Answer): string {
  return typeof answer.body.message === "string" ? answer.body.message : UPLOAD_MESSAGES.other;
}

async function sendInParts(file: File, batchSize: number, onBytes: (sent: number) => void): Promise<Answer> {
  const begin = await postJson("/api/admin/uploads", { fileName: file.name, fileSize: file.size });
  if (begin.status !== 200) return begin;
  const { jobId, uploadId, partSize } = begin.body as { jobId: string; uploadId: string; partSize: number };
  const parts: { partNumber: number; etag: string }[] = [];
  const timeout = uploadTimeoutMs(partSize);
  for (let start = 0, partNumber = 1; start < file.size; start += partSize, partNumber++) {
    const blob = file.slice(start, start + partSize);
    let answer: Answer | null = null;
    for (let attempt = 1; attempt <= PART_ATTEMPTS; attempt++) {
      try {
        answer = await send("PUT", `/api/admin/uploads/${jobId}/parts/${partNumber}?uploadId=${encodeURIComponent(uploadId)}`, blob, timeout, (sent) => onBytes(start + sent));
        if (answer.status === 200) break;
      } catch (error) {
        if (attempt === PART_ATTEMPTS) throw error;
      }
    }
    if (!answer || answer.status !== 200) return answer!;
    const part = answer.body.part as { partNumber: number; etag: string };
    parts.push({ partNumber: part.partNumber, etag: part.etag });
  }
  return postJson(`/api/admin/uploads/${jobId}/complete`, { uploadId, fileName: file.name, batchSize, parts });
}

/** Follows the job over its WebSocket; falls back to polling the job if the socket fails. */
function followJob(jobId: string, onRows: (rows: number) => void): Promise<BatchResult> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: BatchResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const poll = async () => {
      while (!settled) {
        const response = await fetch(`/api/admin/upload-jobs/${jobId}`, { headers: { Accept: "application/json" } }).catch(() => null);
        const job = (await response?.json().catch(() => null)) as { status: string; progress: { processedRows: number } | null; result: BatchResult | null } | null;
        if (job?.progress) onRows(job.progress.processedRows);
        if (job?.result) return finish(job.result);
        await new Promise((r) => setTimeout(r, 1000));
      }
    };
    const protocol = window.location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${protocol}://${window.location.host}/api/admin/upload-jobs/${jobId}/progress`);
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as { processedRows?: number; status?: string; result?: BatchResult };
      if (typeof message.processedRows === "number") onRows(message.processedRows);
      if (message.result && (message.status === "done" || message.status === "failed")) {
        socket.close(1000, "done");
        finish(message.result);
      }
    };
    socket.onerror = () => void poll();
    socket.onclose = () => {
      if (!settled) void poll();
    };
  });
}

/** Uploads one file and waits for its import; never throws: a failure is an error result. */
export async function uploadFile(
  file: File,
  options: { batchSize: number; fileIndex: number; totalFiles: number },
  callbacks: UploadCallbacks,
): Promise<BatchResult> {
  try {
    let answer: Answer;
    if (file.size <= SINGLE_REQUEST_MAX_BYTES) {
      const form = new FormData();
      form.set("batchSize", String(options.batchSize));
      form.set("fileIndex", String(options.fileIndex));
      form.set("totalFiles", String(options.totalFiles));
      form.set("file", file);
      answer = await send("POST", "/api/upload-excel-batch", form, uploadTimeoutMs(file.size), callbacks.onBytes);
    } else {
      answer = await sendInParts(file, options.batchSize, callbacks.onBytes);
    }
    if (answer.status !== 202 || typeof answer.body.jobId !== "string") return failedFileResult(file.name, serverText(answer));
    callbacks.onBytes(file.size);
    return await followJob(answer.body.jobId, callbacks.onRows);
  } catch (error) {
    return failedFileResult(file.name, error instanceof UploadError ? error.message : UPLOAD_MESSAGES.other);
  }
}

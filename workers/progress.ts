import { DurableObject } from "cloudflare:workers";

/**
 * One instance per upload job (idFromName(jobId)). Holds the job's latest progress and relays
 * every update to the admin pages watching it over WebSocket. Uses the Hibernation API, so an
 * idle watcher costs nothing while the import runs for minutes.
 */
export class UploadProgress extends DurableObject<Env> {
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    // A page that connects (or reconnects) gets the current state at once.
    const latest = await this.ctx.storage.get<string>("latest");
    if (latest) server.send(latest);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Called by the upload call and the queue consumer: store, then broadcast. */
  async publish(state: unknown): Promise<number> {
    const message = JSON.stringify(state);
    await this.ctx.storage.put("latest", message);
    const sockets = this.ctx.getWebSockets();
    for (const socket of sockets) {
      try {
        socket.send(message);
      } catch {
        // A socket closing at this moment is not an error of the import.
      }
    }
    return sockets.length;
  }

  async latest(): Promise<unknown> {
    const latest = await this.ctx.storage.get<string>("latest");
    return latest ? JSON.parse(latest) : null;
  }

  async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): Promise<void> {
    // Watchers only listen; "ping" keeps proxies from closing an idle socket.
    if (message === "ping") socket.send(JSON.stringify({ type: "pong" }));
  }

  async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    try {
      socket.close(code === 1005 ? 1000 : code, "closed");
    } catch {
      // already closed
    }
  }
}

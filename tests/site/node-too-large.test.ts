// @pool forks
// It installs the Node server guard on http.Server itself, which every VM context of a worker process shares.
import { createServer, request, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { installNodeResponseGuard, REFUSED_BODY_DRAIN } from "@/lib/site/node-response-guard";
import { ACTION_BODY_LIMIT_BYTES } from "@/lib/site/response-guard";

// Guards the answer to a form post over the limit on `next start`: the client that is still
// sending its body reads the 413 (never EPIPE or a reset), every time, for a body of 2 MB sent
// in one write or in pieces as a browser sends it; the connection is closed after it.

let server: Server;
let port: number;
let handled = 0;
const serverRead = new Map<number, number>();
beforeAll(async () => {
  installNodeResponseGuard(true);
  server = createServer((incoming, response) => {
    handled += 1;
    incoming.resume();
    incoming.on("end", () => response.end("ok"));
  });
  // What the server read of each connection before it closed it, by the client's port.
  server.on("connection", (socket) => {
    let read = 0;
    const port = socket.remotePort ?? 0;
    socket.on("data", (data: Buffer) => {
      read += data.length;
    });
    socket.on("close", () => serverRead.set(port, read));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Answer = { status: number; connection: string | undefined; body: string };

/** A urlencoded form post of `bytes`, written in pieces of `piece` bytes; what the client reads, or its error. */
function post(bytes: number, piece: number): Promise<Answer> {
  const body = Buffer.from(`message=${"a".repeat(bytes - 8)}`);
  return new Promise<Answer>((resolve, reject) => {
    const sent = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/x/contact",
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": body.length },
        agent: false,
      },
      (response) => {
        const parts: Buffer[] = [];
        response.on("data", (data: Buffer) => parts.push(data));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            body: Buffer.concat(parts).toString(),
          }),
        );
        response.on("error", reject);
      },
    );
    sent.on("error", reject);
    let at = 0;
    const write = () => {
      while (at < body.length) {
        const next = body.subarray(at, at + piece);
        at += piece;
        if (!sent.write(next)) {
          sent.once("drain", write);
          return;
        }
      }
      sent.end();
    };
    write();
  });
}

/** The same post as `fetch` sends it (undici): it reads the answer only once its body is sent. */
async function fetched(bytes: number): Promise<Answer> {
  const response = await fetch(`http://127.0.0.1:${port}/x/contact`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `message=${"a".repeat(bytes - 8)}`,
  });
  return {
    status: response.status,
    connection: response.headers.get("connection") ?? undefined,
    body: await response.text(),
  };
}

/** The same post over a bare socket, all of it written before anything is read: the raw answer or the error. */
function raw(
  bytes: number,
  paceMs = 0,
  connection = "keep-alive",
): Promise<{ answer: string; error: string | null; sent: number; port: number }> {
  const body = `message=${"a".repeat(bytes - 8)}`;
  const head = `POST /x/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: ${connection}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`;
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const parts: Buffer[] = [];
    let error: string | null = null;
    let local = 0;
    socket.on("connect", () => {
      local = socket.localPort ?? 0;
    });
    socket.on("data", (data: Buffer) => parts.push(data));
    socket.on("error", (failure: NodeJS.ErrnoException) => {
      error = failure.code ?? failure.message;
    });
    socket.on("close", () =>
      resolve({ answer: Buffer.concat(parts).toString(), error, sent: head.length + body.length, port: local }),
    );
    if (!paceMs) {
      socket.write(head + body, () => socket.end());
      return;
    }
    // A slow uplink: the body goes out in pieces, one every `paceMs`, whatever comes back meanwhile.
    socket.write(head);
    let at = 0;
    const next = () => {
      if (socket.destroyed) return;
      if (at >= body.length) return socket.end();
      socket.write(body.slice(at, at + 64 * 1024));
      at += 64 * 1024;
      setTimeout(next, paceMs);
    };
    next();
  });
}

describe("a form post over the limit on the Node server", () => {
  const TWO_MB = 2 * 1024 * 1024;

  it.each([
    ["in one write", TWO_MB],
    ["in 16 KiB pieces", 16 * 1024],
    ["in 64 KiB pieces", 64 * 1024],
  ])("a 2 MB body sent %s gets a 413 the client reads, 30 times in a row", async (_label, piece) => {
    expect(TWO_MB).toBeGreaterThan(ACTION_BODY_LIMIT_BYTES);
    for (let attempt = 0; attempt < 30; attempt++) {
      const answer = await post(TWO_MB, piece);
      expect(answer.status).toBe(413);
      expect(answer.body).toContain('role="alert"');
      expect(answer.connection).toBe("close");
    }
    expect(handled).toBe(0);
  });

  it("the same through fetch, 40 times in a row", async () => {
    for (let attempt = 0; attempt < 40; attempt++) {
      const answer = await fetched(TWO_MB);
      expect(answer.status).toBe(413);
      expect(answer.body).toContain('role="alert"');
    }
  });

  it("the same over a bare socket that writes it all before it reads, 40 times in a row", async () => {
    for (let attempt = 0; attempt < 40; attempt++) {
      const { answer, error } = await raw(TWO_MB);
      expect(error).toBeNull();
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toContain('role="alert"');
    }
  });

  it.each(["keep-alive", "close"])(
    "the same from a slow client asking for Connection: %s, its body in 64 KiB pieces 2 ms apart, 10 times",
    async (connection) => {
      for (let attempt = 0; attempt < 10; attempt++) {
        const { answer, error, sent, port: client } = await raw(TWO_MB, 2, connection);
        expect(error).toBeNull();
        // The server read the whole body before it closed the connection: nothing was reset.
        await vi.waitFor(() => expect(serverRead.get(client)).toBe(sent));
        expect(answer).toMatch(/^HTTP\/1\.1 413 /);
        expect(answer).toMatch(/\r\nconnection: close\r\n/i);
      }
    },
  );

  it("the same over a bare socket asking for Connection: close, all written before it reads, 40 times", async () => {
    for (let attempt = 0; attempt < 40; attempt++) {
      const { answer, error } = await raw(TWO_MB, 0, "close");
      expect(error).toBeNull();
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    }
  });

  it("a body that says it is over the drain bound is not read to its end", async () => {
    const { sent, port: client } = await raw(REFUSED_BODY_DRAIN.maxBytes + 1024 * 1024, 0, "close");
    await vi.waitFor(() => expect(serverRead.get(client)).toBeDefined());
    expect(serverRead.get(client)).toBeLessThan(sent);
  });

  it("ten at once", async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(TWO_MB, 32 * 1024)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(413));
  });
});

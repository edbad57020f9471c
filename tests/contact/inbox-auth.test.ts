// Guards the studio inbox's credential: no key, a wrong one and the right one; the lockout (kept in
// real Redis through the bridge, and in memory) that counts each try before comparing, so a burst of
// concurrent tries compares at most five keys and a right key among them resets nothing; its window
// fixed at the first try and counted in seconds; the session cookie that can't be forged, stretched,
// kept after the secret changes, or used again once its session was closed.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  INBOX_LOCKOUT,
  INBOX_SESSION,
  type InboxKeyOutcome,
  inboxSessionToken,
  type LockoutStore,
  memoryEndedSessions,
  memoryLockoutStore,
  readInboxSession,
  StoreReplyError,
  secretsMatch,
  tryInboxKey,
  upstashEndedSessions,
  upstashLockoutStore,
  validInboxSession,
} from "@/lib/contact/inbox-auth";
import { readContactSettings } from "@/lib/contact/settings";
import { upstashClient } from "@/lib/platform/redis";
import { openTestBridge, TEST_TOKEN, type TestBridge, uniquePrefix } from "../support/redis-bridge";

const SECRET = "inbox-test-secret-0123456789";
let redis: TestBridge;
beforeAll(async () => {
  redis = await openTestBridge();
});
afterAll(() => redis?.close());

describe("secretsMatch", () => {
  it("matches only the same string, whatever the lengths", async () => {
    expect(await secretsMatch(SECRET, SECRET)).toBe(true);
    expect(await secretsMatch("", SECRET)).toBe(false);
    expect(await secretsMatch(SECRET.slice(0, -1), SECRET)).toBe(false);
    expect(await secretsMatch(`${SECRET}x`, SECRET)).toBe(false);
    expect(await secretsMatch(SECRET.toUpperCase(), SECRET)).toBe(false);
  });
});

/** 25 tries sent at once, as the burst that used to open the inbox: 6 wrong, the right one, 18 wrong. */
const BURST = [
  ...Array.from({ length: 6 }, (_, n) => `wrong-${n}`),
  SECRET,
  ...Array.from({ length: 18 }, (_, n) => `wrong-${n + 6}`),
];

const stores: [string, () => LockoutStore][] = [
  ["memory", () => memoryLockoutStore()],
  [
    "Redis",
    () => upstashLockoutStore(upstashClient({ url: redis.bridge.url, token: TEST_TOKEN }), uniquePrefix("inbox")),
  ],
];

for (const [name, make] of stores) {
  describe(`the inbox key (${name})`, () => {
    it("opens with the right key and refuses none or a wrong one", async () => {
      const lockout = make();
      const attempt = (key: string) => tryInboxKey(key, { secret: SECRET, ipHash: "a".repeat(64), lockout });
      expect(await attempt("")).toBe("wrong");
      expect(await attempt("guess")).toBe("wrong");
      expect(await attempt(SECRET)).toBe("open");
      // The right key resets nothing: the two wrong tries before it still count, and so does it.
      expect(await lockout.tries("a".repeat(64))).toBe(3);
    });

    it("locks a visitor out after five tries, even with the right key; others still open", async () => {
      const lockout = make();
      const attempt = (key: string, ipHash = "b".repeat(64)) => tryInboxKey(key, { secret: SECRET, ipHash, lockout });
      const outcomes = [];
      for (let n = 0; n < INBOX_LOCKOUT.maxTries; n++) outcomes.push(await attempt(`guess-${n}`));
      expect(outcomes).toEqual(["wrong", "wrong", "wrong", "wrong", "locked"]);
      expect(await attempt(SECRET)).toBe("locked");
      expect(await attempt(SECRET, "c".repeat(64))).toBe("open");
    });

    it("compares at most five keys of a burst of 25 sent at once, and the right one opens only among them", async () => {
      for (let round = 0; round < 3; round++) {
        const lockout = make();
        const ipHash = `${round}`.repeat(64);
        const outcomes = await Promise.all(
          BURST.map(
            async (key): Promise<[string, InboxKeyOutcome]> => [
              key,
              await tryInboxKey(key, { secret: SECRET, ipHash, lockout }),
            ],
          ),
        );
        const notLocked = outcomes.filter(([, outcome]) => outcome !== "locked");
        // Four wrong keys answered "wrong", and the fifth compared one "locked", or the right key opened.
        expect(notLocked.length).toBeLessThanOrEqual(INBOX_LOCKOUT.maxTries);
        expect(outcomes.filter(([, outcome]) => outcome === "wrong").length).toBeLessThanOrEqual(4);
        expect(await lockout.tries(ipHash)).toBe(BURST.length);
        // Whatever the burst did, the right key is refused afterwards, in this window.
        expect(await tryInboxKey(SECRET, { secret: SECRET, ipHash, lockout })).toBe("locked");
      }
    });

    it("refuses the right key once five tries are counted, even when one of them was the right key", async () => {
      const lockout = make();
      const attempt = (key: string) => tryInboxKey(key, { secret: SECRET, ipHash: "f".repeat(64), lockout });
      expect(await attempt(SECRET)).toBe("open");
      for (let n = 0; n < 3; n++) expect(await attempt(`guess-${n}`)).toBe("wrong");
      expect(await attempt("guess-3")).toBe("locked");
      expect(await attempt(SECRET)).toBe("locked");
    });
  });
}

describe("the lockout's window", () => {
  it("is counted in seconds and ends the window's length after the first try (memory)", async () => {
    let now = 1_000_000;
    const lockout = memoryLockoutStore(() => now);
    const attempt = (key: string) => tryInboxKey(key, { secret: SECRET, ipHash: "d", lockout });
    for (let n = 0; n < INBOX_LOCKOUT.maxTries; n++) {
      await attempt(`guess-${n}`);
      // Later tries don't move the end: each comes a minute after the one before.
      now += 60_000;
    }
    expect(await attempt(SECRET)).toBe("locked");
    const firstTry = 1_000_000;
    now = firstTry + INBOX_LOCKOUT.windowSeconds * 1000 - 1;
    expect(await lockout.tries("d")).toBeGreaterThan(0);
    expect(await attempt(SECRET)).toBe("locked");
    now = firstTry + INBOX_LOCKOUT.windowSeconds * 1000;
    expect(await attempt(SECRET)).toBe("open");
  });

  it("is fixed at the first try in Redis: a later try never stretches the key's TTL", async () => {
    const prefix = uniquePrefix("inbox");
    const stored = upstashLockoutStore(upstashClient({ url: redis.bridge.url, token: TEST_TOKEN }), prefix);
    await stored.take("e", INBOX_LOCKOUT.windowSeconds);
    const first = await redis.redis.ttl(`${prefix}:inbox:tries:e`);
    expect(first).toBeGreaterThan(INBOX_LOCKOUT.windowSeconds - 5);
    expect(first).toBeLessThanOrEqual(INBOX_LOCKOUT.windowSeconds);
    // A later try asking for a longer window (as a script that re-set the TTL on each try would
    // apply) leaves the end where the first try put it.
    await stored.take("e", INBOX_LOCKOUT.windowSeconds * 4);
    expect(await redis.redis.ttl(`${prefix}:inbox:tries:e`)).toBeLessThanOrEqual(first);
    expect(await stored.tries("e")).toBe(2);
  });
});

describe("the inbox session", () => {
  const now = 1_780_000_000_000;
  const open = () => memoryEndedSessions(() => now);
  it("is valid for 12 hours with the secret that made it", async () => {
    const token = await inboxSessionToken(SECRET, now);
    const sessions = open();
    expect(await validInboxSession(token, SECRET, now, sessions)).toBe(true);
    expect(await validInboxSession(token, SECRET, now + INBOX_SESSION.maxAgeSeconds * 1000 - 1000, sessions)).toBe(
      true,
    );
    expect(await validInboxSession(token, SECRET, now + INBOX_SESSION.maxAgeSeconds * 1000, sessions)).toBe(false);
    expect(await validInboxSession(token, `${SECRET}-rotated`, now, sessions)).toBe(false);
  });

  it("refuses no cookie, a forged one and a stretched expiry", async () => {
    const token = await inboxSessionToken(SECRET, now);
    const [expires, id, mac] = token.split(".");
    const sessions = open();
    expect(await validInboxSession(undefined, SECRET, now, sessions)).toBe(false);
    expect(await validInboxSession("", SECRET, now, sessions)).toBe(false);
    expect(await validInboxSession(`${expires}.${id}.${"0".repeat(64)}`, SECRET, now, sessions)).toBe(false);
    expect(await validInboxSession(`${Number(expires) + 3600}.${id}.${mac}`, SECRET, now, sessions)).toBe(false);
    expect(await validInboxSession(`${expires}.${"0".repeat(32)}.${mac}`, SECRET, now, sessions)).toBe(false);
    // A far expiry is refused even with a valid MAC for it.
    const far = now + 10 * INBOX_SESSION.maxAgeSeconds * 1000;
    expect(await validInboxSession(await inboxSessionToken(SECRET, far), SECRET, now, sessions)).toBe(false);
  });

  for (const [name, make] of [
    ["memory", () => memoryEndedSessions(() => now)],
    [
      "Redis",
      () => upstashEndedSessions(upstashClient({ url: redis.bridge.url, token: TEST_TOKEN }), uniquePrefix("s")),
    ],
  ] as const) {
    it(`once closed, is refused to a copy of its cookie while other sessions stay open (${name})`, async () => {
      const sessions = make();
      const closed = await inboxSessionToken(SECRET, now);
      const other = await inboxSessionToken(SECRET, now);
      const session = await readInboxSession(closed, SECRET, now);
      if (!session) throw new Error("the fresh token should read");
      await sessions.end(session.id, Math.floor(Date.now() / 1000) + 60);
      expect(await validInboxSession(closed, SECRET, now, sessions)).toBe(false);
      expect(await validInboxSession(other, SECRET, now, sessions)).toBe(true);
    });
  }
});

describe("the inbox's setting", () => {
  it("stays shut without INBOX_SECRET or with one shorter than 16 characters", () => {
    expect(readContactSettings({}).inboxSecret).toBeNull();
    expect(readContactSettings({ INBOX_SECRET: "short" }).inboxSecret).toBeNull();
    expect(readContactSettings({ INBOX_SECRET: SECRET }).inboxSecret).toBe(SECRET);
  });
});

describe("a store that answers what no Redis would (a proxy's page, a mangled reply)", () => {
  const servers: Server[] = [];
  afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

  /** An Upstash-shaped endpoint that answers `result` to every command, pipelined or not. */
  async function answering(result: unknown): Promise<string> {
    const server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        response.writeHead(200, { "content-type": "application/json" });
        const commands = request.url?.includes("pipeline") ? (JSON.parse(body) as unknown[]) : null;
        response.end(JSON.stringify(commands ? commands.map(() => ({ result })) : { result }));
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  }

  // null, base64 for "nope" (the client asks for base64 replies), a list, a negative count.
  for (const result of [null, "bm9wZQ==", [1, 2], -3]) {
    it(`fails closed on ${JSON.stringify(result)}: no try is compared, no closed session opens`, async () => {
      const client = upstashClient({ url: await answering(result), token: "t" });
      const lockout = upstashLockoutStore(client, "p");
      await expect(tryInboxKey(SECRET, { secret: SECRET, ipHash: "h", lockout })).rejects.toBeInstanceOf(
        StoreReplyError,
      );
      const token = await inboxSessionToken(SECRET, Date.now());
      await expect(
        validInboxSession(token, SECRET, Date.now(), upstashEndedSessions(client, "p")),
      ).rejects.toBeInstanceOf(StoreReplyError);
    });
  }

  it("fails closed on 0 to the count of a try (the try itself makes at least one): no key is compared", async () => {
    const client = upstashClient({ url: await answering(0), token: "t" });
    const lockout = upstashLockoutStore(client, "p");
    await expect(lockout.take("h", INBOX_LOCKOUT.windowSeconds)).rejects.toBeInstanceOf(StoreReplyError);
    await expect(tryInboxKey(SECRET, { secret: SECRET, ipHash: "h", lockout })).rejects.toBeInstanceOf(StoreReplyError);
  });
});

describe("the lockout's edge and the comparisons", () => {
  it(`the right key on the last try allowed (try ${INBOX_LOCKOUT.maxTries}) opens; one more try, even right, is locked`, async () => {
    const lockout = memoryLockoutStore();
    const tryKey = (given: string) => tryInboxKey(given, { secret: SECRET, ipHash: "edge", lockout });
    for (let n = 1; n < INBOX_LOCKOUT.maxTries; n++) expect(await tryKey("wrong-key")).toBe("wrong");
    expect(await tryKey(SECRET)).toBe("open");
    expect(await tryKey(SECRET)).toBe("locked");
  });

  it("a session cookie whose MAC differs only in its first byte, or only in its last, is refused", async () => {
    const token = await inboxSessionToken(SECRET, Date.now());
    const [expires, id, mac = ""] = token.split(".");
    const flip = (hexPair: string) => (Number.parseInt(hexPair, 16) ^ 0x01).toString(16).padStart(2, "0");
    const firstByte = `${flip(mac.slice(0, 2))}${mac.slice(2)}`;
    const lastByte = `${mac.slice(0, -2)}${flip(mac.slice(-2))}`;
    expect(await readInboxSession(token, SECRET, Date.now())).not.toBeNull();
    for (const forged of [firstByte, lastByte]) {
      expect(await readInboxSession(`${expires}.${id}.${forged}`, SECRET, Date.now())).toBeNull();
    }
  });

  it("keys that differ in one character anywhere, or in length, do not match", async () => {
    expect(await secretsMatch(SECRET, SECRET)).toBe(true);
    for (const given of [`x${SECRET.slice(1)}`, `${SECRET.slice(0, -1)}x`, SECRET.slice(0, -1), `${SECRET}x`, ""]) {
      expect(await secretsMatch(given, SECRET), given).toBe(false);
    }
  });
});

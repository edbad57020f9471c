// Guards the studio inbox's credential: no key, a wrong one and the right one; the lockout after
// five failed tries (kept in real Redis through the bridge, and in memory) that refuses even the
// right key until it ends; the session cookie that can't be forged, stretched or kept after the
// secret changes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  INBOX_LOCKOUT,
  INBOX_SESSION,
  inboxSessionToken,
  type LockoutStore,
  memoryLockoutStore,
  secretsMatch,
  tryInboxKey,
  upstashLockoutStore,
  validInboxSession,
} from "@/lib/contact/inbox-auth";
import { readContactSettings } from "@/lib/contact/settings";
import { upstashClient } from "@/lib/quota";
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

for (const [name, make] of [
  ["memory", () => memoryLockoutStore()],
  [
    "Redis",
    () => upstashLockoutStore(upstashClient({ url: redis.bridge.url, token: TEST_TOKEN }), uniquePrefix("inbox")),
  ],
] as [string, () => LockoutStore][]) {
  describe(`the inbox key (${name})`, () => {
    it("opens with the right key and refuses none or a wrong one", async () => {
      const lockout = make();
      const attempt = (key: string) => tryInboxKey(key, { secret: SECRET, ipHash: "a".repeat(64), lockout });
      expect(await attempt("")).toBe("wrong");
      expect(await attempt("guess")).toBe("wrong");
      expect(await attempt(SECRET)).toBe("open");
      // The right key clears the count.
      expect(await lockout.failures("a".repeat(64))).toBe(0);
    });

    it("locks a visitor out after five failed tries, even with the right key; others still open", async () => {
      const lockout = make();
      const attempt = (key: string, ipHash = "b".repeat(64)) => tryInboxKey(key, { secret: SECRET, ipHash, lockout });
      const outcomes = [];
      for (let n = 0; n < INBOX_LOCKOUT.maxFailures; n++) outcomes.push(await attempt(`guess-${n}`));
      expect(outcomes).toEqual(["wrong", "wrong", "wrong", "wrong", "locked"]);
      expect(await attempt(SECRET)).toBe("locked");
      expect(await attempt(SECRET, "c".repeat(64))).toBe("open");
    });
  });
}

describe("the lockout's window", () => {
  it("ends 15 minutes after the first failed try (memory clock; Redis: the key's TTL)", async () => {
    let now = 0;
    const lockout = memoryLockoutStore(() => now);
    for (let n = 0; n < INBOX_LOCKOUT.maxFailures; n++) await lockout.fail("d", INBOX_LOCKOUT.windowSeconds);
    expect(await tryInboxKey(SECRET, { secret: SECRET, ipHash: "d", lockout })).toBe("locked");
    now = INBOX_LOCKOUT.windowSeconds * 1000;
    expect(await tryInboxKey(SECRET, { secret: SECRET, ipHash: "d", lockout })).toBe("open");

    const prefix = uniquePrefix("inbox");
    const stored = upstashLockoutStore(upstashClient({ url: redis.bridge.url, token: TEST_TOKEN }), prefix);
    await stored.fail("e", INBOX_LOCKOUT.windowSeconds);
    await stored.fail("e", INBOX_LOCKOUT.windowSeconds);
    const ttl = await redis.redis.ttl(`${prefix}:inbox:fail:e`);
    expect(ttl).toBeGreaterThan(INBOX_LOCKOUT.windowSeconds - 5);
    expect(ttl).toBeLessThanOrEqual(INBOX_LOCKOUT.windowSeconds);
  });
});

describe("the inbox session", () => {
  const now = 1_780_000_000_000;
  it("is valid for 12 hours with the secret that made it", async () => {
    const token = await inboxSessionToken(SECRET, now);
    expect(await validInboxSession(token, SECRET, now)).toBe(true);
    expect(await validInboxSession(token, SECRET, now + INBOX_SESSION.maxAgeSeconds * 1000 - 1000)).toBe(true);
    expect(await validInboxSession(token, SECRET, now + INBOX_SESSION.maxAgeSeconds * 1000)).toBe(false);
    expect(await validInboxSession(token, `${SECRET}-rotated`, now)).toBe(false);
  });

  it("refuses no cookie, a forged one and a stretched expiry", async () => {
    const token = await inboxSessionToken(SECRET, now);
    const [expires, mac] = token.split(".");
    expect(await validInboxSession(undefined, SECRET, now)).toBe(false);
    expect(await validInboxSession("", SECRET, now)).toBe(false);
    expect(await validInboxSession(`${expires}.${"0".repeat(64)}`, SECRET, now)).toBe(false);
    expect(await validInboxSession(`${Number(expires) + 3600}.${mac}`, SECRET, now)).toBe(false);
    // A far expiry is refused even with a valid MAC for it.
    const far = now + 10 * INBOX_SESSION.maxAgeSeconds * 1000;
    expect(await validInboxSession(await inboxSessionToken(SECRET, far), SECRET, now)).toBe(false);
  });
});

describe("the inbox's setting", () => {
  it("stays shut without INBOX_SECRET or with one shorter than 16 characters", () => {
    expect(readContactSettings({}).inboxSecret).toBeNull();
    expect(readContactSettings({ INBOX_SECRET: "short" }).inboxSecret).toBeNull();
    expect(readContactSettings({ INBOX_SECRET: SECRET }).inboxSecret).toBe(SECRET);
  });
});

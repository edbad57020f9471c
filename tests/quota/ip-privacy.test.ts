// Guards the privacy contract: the visitor's IP is stored only as an HMAC with the secret salt,
// never raw, in no key and no value.
import { createHash, createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bridgeQuota,
  openTestBridge,
  scanKeys,
  TEST_SALT,
  type TestBridge,
  uniquePrefix,
} from "../support/redis-bridge";

let redis: TestBridge;
beforeAll(async () => {
  redis = await openTestBridge();
});
afterAll(() => redis?.close());

// Addresses no other test uses, so a scan of the whole shared database can look for them.
const IPV4 = "192.0.2.201";
const IPV6 = "2001:db8:77:88::5";
const MAPPED = "::ffff:192.0.2.202";
const RAW_FORMS = [IPV4, IPV6, "2001:db8:77:88", "2001:0db8:0077:0088", MAPPED, "192.0.2.202"];

async function everyKeyAndValue(): Promise<string[]> {
  const texts: string[] = [];
  for (const key of await scanKeys(redis.redis, "*")) {
    texts.push(key);
    const type = await redis.redis.type(key);
    if (type === "string") texts.push((await redis.redis.get(key)) ?? "");
    if (type === "hash") texts.push(...Object.entries(await redis.redis.hgetall(key)).flat());
  }
  return texts;
}

describe("IP hashing", () => {
  it("leaves no raw IP in any key or value of the database", async () => {
    const quota = bridgeQuota(redis.bridge, { prefix: uniquePrefix("privacy"), limits: { burstPerMinute: 10 } });
    for (const ip of [IPV4, IPV6, MAPPED]) {
      const granted = await quota.reserve({ ip, units: 2 });
      if (!granted.ok) throw new Error("expected a grant");
      await quota.record(granted.reservation, {
        inputTokens: 1,
        outputTokens: 1,
        neurons: 1,
        model: "m",
        estimated: false,
      });
      await quota.reserve({ ip, units: 1 });
    }
    const texts = await everyKeyAndValue();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) {
      for (const raw of RAW_FORMS) expect(text.toLowerCase()).not.toContain(raw);
    }
  });

  it("stores the HMAC-SHA-256 of the IP with the salt, not a plain hash anyone can recompute", async () => {
    const prefix = uniquePrefix("hmac");
    const quota = bridgeQuota(redis.bridge, { prefix, limits: { burstPerMinute: 0 } });
    await quota.reserve({ ip: IPV4, units: 2 });
    const [key] = await scanKeys(redis.redis, `${prefix}:*:ip:*`);
    expect(key?.split(":").at(-1)).toBe(createHmac("sha256", TEST_SALT).update(IPV4).digest("hex"));
    const keys = (await scanKeys(redis.redis, `${prefix}:*`)).join(" ");
    expect(keys).not.toContain(createHash("sha256").update(IPV4).digest("hex"));
  });

  it("counts an IPv6 visitor by its /64, and an IPv4-mapped address as the IPv4 one", async () => {
    const quota = bridgeQuota(redis.bridge, { prefix: uniquePrefix("v6"), limits: { burstPerMinute: 0 } });
    await quota.reserve({ ip: "2001:db8:aa:bb::1", units: 2 });
    expect(await quota.reserve({ ip: "2001:db8:aa:bb:ffff:1:2:3", units: 2 })).toMatchObject({ remaining: { ip: 16 } });
    expect(await quota.reserve({ ip: "2001:db8:aa:bc::1", units: 2 })).toMatchObject({ remaining: { ip: 18 } });
    await quota.reserve({ ip: "198.51.100.77", units: 2 });
    expect(await quota.reserve({ ip: "::ffff:198.51.100.77", units: 2 })).toMatchObject({ remaining: { ip: 16 } });
  });
});

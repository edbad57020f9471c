import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { platformFrom } from "@/lib/platform";
import { readPlatformSettings } from "@/lib/platform/settings";
import { readQuotaSettings } from "@/lib/quota";

// Guards what every feature shares of a deployment: one Upstash client per settings (none, and so
// memory, without a database), the key prefix, and the visitor as the quota knows it: the trusted
// header's IP, stored only as an HMAC with the secret salt.

const SALT = "a-real-secret-of-32-characters!!";
const UPSTASH = { UPSTASH_REDIS_REST_URL: "https://eu1-example.upstash.io", UPSTASH_REDIS_REST_TOKEN: "tok" };
const node = { workers: false };
const workers = { workers: true };

describe("the platform", () => {
  it("knows the visitor by the trusted header only, and hashes them with the salt", async () => {
    const settings = readPlatformSettings({ QUOTA_SALT: SALT, TRUSTED_IP_HEADER: "x-real-ip" }, false, node);
    const shared = platformFrom(settings);
    const headers = new Headers({ "x-real-ip": "203.0.113.5", "cf-connecting-ip": "198.51.100.9" });
    expect(shared.visitorIp(headers)).toBe("203.0.113.5");
    const hash = await shared.visitorHash(headers);
    expect(hash).toBe(createHmac("sha256", SALT).update("203.0.113.5").digest("hex"));
    expect(hash).not.toContain("203.0.113.5");
  });

  it("is the quota's visitor: the quota's settings build the same platform", () => {
    const env = { QUOTA_SALT: SALT, QUOTA_KEY_PREFIX: "studio", ...UPSTASH };
    expect(platformFrom(readQuotaSettings(env, true, workers))).toBe(
      platformFrom(readPlatformSettings(env, true, workers)),
    );
  });

  it("builds one client per database and prefix, and none without a database", () => {
    const withDb = platformFrom(readPlatformSettings({ QUOTA_SALT: SALT, ...UPSTASH }, true, workers));
    expect(withDb.redis).toBeDefined();
    expect(platformFrom(readPlatformSettings({ QUOTA_SALT: SALT, ...UPSTASH }, true, workers)).redis).toBe(
      withDb.redis,
    );
    const other = platformFrom(
      readPlatformSettings({ QUOTA_SALT: SALT, QUOTA_KEY_PREFIX: "b", ...UPSTASH }, true, workers),
    );
    expect(other.prefix).toBe("b");
    expect(other.redis).not.toBe(withDb.redis);
    expect(platformFrom(readPlatformSettings({}, false, node)).redis).toBeUndefined();
  });
});

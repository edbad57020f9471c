import { describe, expect, it } from "vitest";
import { QuotaConfigError } from "@/lib/platform/errors";
import { type QuotaEnv, quotaFromEnv, readQuotaSettings } from "@/lib/quota";

const SALT = "a-real-secret-of-32-characters!!";
const UPSTASH = { UPSTASH_REDIS_REST_URL: "https://eu1-example.upstash.io", UPSTASH_REDIS_REST_TOKEN: "tok" };
let prefixes = 0;
const fresh = (env: QuotaEnv = {}): QuotaEnv => ({ QUOTA_KEY_PREFIX: `env-test-${++prefixes}`, ...env });

function collectLog() {
  const lines: string[] = [];
  return { lines, log: (level: "info" | "warn", line: string) => lines.push(`${level} ${line}`) };
}

describe("quotaFromEnv in development", () => {
  it("runs with nothing set: memory store, default limits, and says so once", () => {
    const { lines, log } = collectLog();
    const env = fresh();
    const quota = quotaFromEnv(env, { production: false, log });
    expect(quota.storeKind).toBe("memory");
    expect(quota.limits).toEqual({ ipUnitsPerDay: 20, siteUnitsPerDay: 120, burstPerMinute: 3 });
    expect(quotaFromEnv(env, { production: false, log })).toBe(quota);
    // One line, not a warning: nothing is wrong with a fresh clone's `npm run dev`.
    expect(lines).toEqual([expect.stringMatching(/^info \[quota\] .*in this process's memory.*QUOTA_SALT not set/)]);
  });

  it("shares one memory store between quotas built from the same prefix", async () => {
    const env = fresh({ QUOTA_SALT: SALT });
    const a = quotaFromEnv(env, { production: false, log: () => {} });
    const b = quotaFromEnv({ ...env, QUOTA_DAILY_UNITS_PER_IP: "10" }, { production: false, log: () => {} });
    await a.reserve({ ip: "203.0.113.1", units: 2 });
    expect(await b.reserve({ ip: "203.0.113.1", units: 2 })).toMatchObject({ ok: true, remaining: { ip: 6 } });
  });

  it("reads the limits, treating empty values as unset", () => {
    const settings = readQuotaSettings(
      { QUOTA_DAILY_UNITS_PER_IP: "8", QUOTA_DAILY_UNITS_SITE: "", QUOTA_BURST_PER_MINUTE: "0", QUOTA_SALT: " " },
      false,
    );
    expect(settings.limits).toEqual({ ipUnitsPerDay: 8, siteUnitsPerDay: 120, burstPerMinute: 0 });
    expect(settings.saltIsDefault).toBe(true);
  });

  it.each([
    ["QUOTA_DAILY_UNITS_PER_IP", "0"],
    ["QUOTA_DAILY_UNITS_SITE", "12.5"],
    ["QUOTA_BURST_PER_MINUTE", "-1"],
    ["QUOTA_DAILY_UNITS_PER_IP", "twenty"],
    ["QUOTA_STORE", "redis"],
    ["QUOTA_KEY_PREFIX", "has space"],
  ])("refuses %s=%s, naming it", (name, value) => {
    expect(() => readQuotaSettings({ [name]: value }, false)).toThrow(QuotaConfigError);
    expect(() => readQuotaSettings({ [name]: value }, false)).toThrow(name);
  });

  it("refuses half an Upstash configuration", () => {
    expect(() => readQuotaSettings({ UPSTASH_REDIS_REST_URL: UPSTASH.UPSTASH_REDIS_REST_URL }, false)).toThrow(
      /UPSTASH_REDIS_REST_TOKEN/,
    );
  });

  it("uses Upstash when both settings are there", () => {
    const quota = quotaFromEnv(fresh({ ...UPSTASH, QUOTA_SALT: SALT }), { production: false, log: () => {} });
    expect(quota.storeKind).toBe("upstash");
  });
});

describe("quotaFromEnv in production", () => {
  it("refuses to start without Upstash", () => {
    expect(() => quotaFromEnv(fresh({ QUOTA_SALT: SALT }), { production: true })).toThrow(QuotaConfigError);
    expect(() => quotaFromEnv(fresh({ QUOTA_SALT: SALT }), { production: true })).toThrow(/UPSTASH_REDIS_REST_URL/);
  });

  it("refuses to start without a salt, or with a weak one", () => {
    expect(() => quotaFromEnv(fresh(UPSTASH), { production: true })).toThrow(/QUOTA_SALT/);
    expect(() => quotaFromEnv(fresh({ ...UPSTASH, QUOTA_SALT: "short" }), { production: true })).toThrow(/QUOTA_SALT/);
  });

  // The build's inlined NODE_ENV is lib/config.ts's to read (tests/config.test.ts).
  it("takes production from the env's NODE_ENV when not told", () => {
    expect(() => quotaFromEnv(fresh({ NODE_ENV: "production", QUOTA_SALT: SALT }))).toThrow(QuotaConfigError);
    expect(quotaFromEnv(fresh({ NODE_ENV: "development", QUOTA_SALT: SALT })).storeKind).toBe("memory");
  });

  it("runs on Upstash, or in memory only when QUOTA_STORE=memory asks for it", () => {
    const { lines, log } = collectLog();
    const upstash = fresh({ ...UPSTASH, QUOTA_SALT: SALT });
    expect(quotaFromEnv(upstash, { production: true, workers: true, log }).storeKind).toBe("upstash");
    expect(lines).toEqual([]);
    const memory = quotaFromEnv(fresh({ QUOTA_STORE: "memory", QUOTA_SALT: SALT }), { production: true, log });
    expect(memory.storeKind).toBe("memory");
    expect(lines).toEqual([expect.stringContaining("QUOTA_STORE=memory")]);
  });

  it("refuses to start off Workers without a trusted IP header, and runs with one", () => {
    const env = fresh({ ...UPSTASH, QUOTA_SALT: SALT });
    expect(() => quotaFromEnv(env, { production: true, workers: false })).toThrow(/TRUSTED_IP_HEADER/);
    const quota = quotaFromEnv({ ...env, TRUSTED_IP_HEADER: "X-Real-IP" }, { production: true, workers: false });
    expect(quota.storeKind).toBe("upstash");
    expect(readQuotaSettings({ ...env, TRUSTED_IP_HEADER: "X-Real-IP" }, true, { workers: false }).clientIp).toEqual({
      kind: "header",
      name: "x-real-ip",
    });
  });
});

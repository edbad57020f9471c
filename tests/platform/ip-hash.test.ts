import { describe, expect, it } from "vitest";
import { createIpHasher, normalizeIp } from "@/lib/platform/ip-hash";

describe("normalizeIp", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    [" 203.0.113.7 ", "203.0.113.7"],
    ["2001:db8:aa:bb::1", "2001:db8:aa:bb::/64"],
    ["2001:DB8:AA:BB:ffff:1:2:3", "2001:db8:aa:bb::/64"],
    ["2001:0db8:00aa:00bb:0:0:0:1", "2001:db8:aa:bb::/64"],
    ["[2001:db8::1]", "2001:db8:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::ffff:198.51.100.77", "198.51.100.77"],
    ["::ffff:c633:644d", "198.51.100.77"],
    ["64:ff9b::198.51.100.77", "64:ff9b:0:0::/64"],
  ])("%s -> %s", (ip, expected) => {
    expect(normalizeIp(ip)).toBe(expected);
  });

  it.each(["1:2:3:4:5:6:7:8:9", "1::2::3", "2001:db8::zz", "unknown", ""])("keeps %j as typed", (ip) => {
    expect(normalizeIp(ip)).toBe(ip.trim().toLowerCase());
  });
});

describe("createIpHasher", () => {
  it("depends on the salt and hashes one /64 to one value", async () => {
    const a = createIpHasher("salt-a-0123456789");
    const b = createIpHasher("salt-b-0123456789");
    expect(await a("2001:db8:1:2::1")).toBe(await a("2001:db8:1:2::99"));
    expect(await a("2001:db8:1:2::1")).not.toBe(await b("2001:db8:1:2::1"));
    expect(await a("203.0.113.1")).toMatch(/^[0-9a-f]{64}$/);
  });
});

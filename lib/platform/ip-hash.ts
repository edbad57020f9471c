import "server-only";

/**
 * The form of an IP that the quota counts: IPv4 as is, IPv6 by its /64. One home connection or
 * phone gets a whole /64 and can pick any address inside it, so counting single IPv6 addresses
 * would let one visitor take the daily units many times over.
 */
export function normalizeIp(ip: string): string {
  const value = ip
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  if (!value.includes(":")) return value;
  const groups = expandIpv6(value);
  if (!groups) return value;
  // IPv4-mapped (::ffff:a.b.c.d) is an IPv4 visitor seen through a dual-stack socket.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** An IPv4 address in dotted-quad form, or an IPv6 address (brackets and a zone allowed). */
export function isIp(value: string): boolean {
  if (IPV4.test(value)) return value.split(".").every((octet) => Number(octet) <= 255);
  return (
    value.includes(":") &&
    expandIpv6(
      value
        .toLowerCase()
        .replace(/^\[|\]$/g, "")
        .replace(/%.*$/, ""),
    ) !== null
  );
}

const IPV4 = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

function expandIpv6(value: string): number[] | null {
  const halves = value.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string | undefined) => (part ? part.split(":") : []);
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  const last = (tail.length ? tail : head).at(-1);
  if (last?.includes(".")) {
    const octets = last.split(".").map(Number);
    if (octets.length !== 4 || octets.some((o) => !Number.isInteger(o) || o < 0 || o > 255)) return null;
    const [a = 0, b = 0, c = 0, d = 0] = octets;
    (tail.length ? tail : head).splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => Number.parseInt(g, 16));
}

/**
 * HMAC-SHA-256 of the normalized IP with the secret salt, in hex: the only form of an IP the
 * quota ever stores. Web Crypto, so it runs the same in the Worker and in Node.
 */
export function createIpHasher(salt: string): (ip: string) => Promise<string> {
  const encoder = new TextEncoder();
  let key: Promise<CryptoKey> | undefined;
  return async (ip) => {
    key ??= crypto.subtle.importKey("raw", encoder.encode(salt), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const mac = await crypto.subtle.sign("HMAC", await key, encoder.encode(normalizeIp(ip)));
    return Array.from(new Uint8Array(mac), (byte) => byte.toString(16).padStart(2, "0")).join("");
  };
}

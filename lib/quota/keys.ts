/** Redis key names, shared by the Upstash store and the tests that inspect the database. */
export function quotaKeys(prefix: string) {
  return {
    /** Units an IP hash has taken on `day` (a string counter). */
    ip: (day: string, ipHash: string) => `${prefix}:${day}:ip:${ipHash}`,
    /** The site's units and usage totals on `day` (a hash; see `site-totals.ts`). */
    site: (day: string) => `${prefix}:${day}:site`,
    /** One reservation: IP hash, units, and what the run recorded (a hash). */
    reservation: (day: string, id: string) => `${prefix}:${day}:res:${id}`,
    /** Until when a model platform refuses calls, and why (a string that expires then). */
    modelPause: (platform: string) => `${prefix}:model-pause:${platform}`,
    /** Units the day's limits refused in one UTC hour (`YYYY-MM-DDTHH`), a counter; and to whom, a HyperLogLog of IP hashes. */
    refusedUnits: (hour: string) => `${prefix}:refused:${hour}:units`,
    refusedAddresses: (hour: string) => `${prefix}:refused:${hour}:ips`,
    /** `@upstash/ratelimit` appends `:<ipHash>:<window>` to it. */
    burst: `${prefix}:burst`,
  };
}

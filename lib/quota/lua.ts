// The quota's Redis scripts. Each runs atomically in Redis, so two requests at the same instant
// cannot both take the last units, and a reservation is never half taken. Field names match
// `site-totals.ts`. Numbers come in as strings; every key of a day expires at its end.

/**
 * KEYS: IP units (counter), site totals (hash), reservation (hash), all of today; the hour's
 * refused units (counter) and refused IP hashes (HyperLogLog).
 * ARGV: units, IP limit, site limit, expire-at (unix s), IP hash, now (ms), the hour's keys' expiry (unix s).
 * Returns { "ok" | "ip" | "site", IP units used, site units used }.
 * The reservation's id is chosen before the call: when its hash already exists, this is the
 * client retrying a call whose reply was lost, and the grant is answered again, nothing taken.
 * A refusal is counted in the same call (the studio's digest and its bot alert read the counts),
 * so counting costs no command; a refused call retried after a lost reply counts twice.
 */
export const RESERVE_LUA = `
local units = tonumber(ARGV[1])
local ipUsed = tonumber(redis.call("GET", KEYS[1]) or "0")
local siteUsed = tonumber(redis.call("HGET", KEYS[2], "units") or "0")
if redis.call("EXISTS", KEYS[3]) == 1 then return { "ok", ipUsed, siteUsed } end
local refusedBy = nil
if ipUsed + units > tonumber(ARGV[2]) then refusedBy = "ip"
elseif siteUsed + units > tonumber(ARGV[3]) then refusedBy = "site" end
if refusedBy then
  redis.call("INCRBY", KEYS[4], units)
  redis.call("PFADD", KEYS[5], ARGV[5])
  redis.call("EXPIREAT", KEYS[4], ARGV[7])
  redis.call("EXPIREAT", KEYS[5], ARGV[7])
  return { refusedBy, ipUsed, siteUsed }
end
ipUsed = redis.call("INCRBY", KEYS[1], units)
siteUsed = redis.call("HINCRBY", KEYS[2], "units", units)
redis.call("HINCRBY", KEYS[2], "reservations", 1)
redis.call("HSET", KEYS[3], "ip", ARGV[5], "units", units, "at", ARGV[6], "recorded", "0", "released", "0")
for i = 1, 3 do redis.call("EXPIREAT", KEYS[i], ARGV[4]) end
return { "ok", ipUsed, siteUsed }
`;

/**
 * KEYS: reservation (hash, of its own day), site totals of today (hash).
 * ARGV: input tokens, output tokens, cached input tokens, neurons, model, estimated (0|1),
 * expire-at of today (unix s), now (ms), Lab use kind ("" for none).
 * Returns 1, or 0 when the reservation was already recorded.
 */
export const RECORD_LUA = `
local res, site = KEYS[1], KEYS[2]
if redis.call("HGET", res, "recorded") == "1" then return 0 end
-- A run that crossed midnight lost its reservation with the old day; its usage still counts today,
-- and the hash written again here (expiring with today) makes a retried call a no-op too.
local existed = redis.call("EXISTS", res) == 1
redis.call("HSET", res, "recorded", "1", "input_tokens", ARGV[1], "output_tokens", ARGV[2],
  "cached_input_tokens", ARGV[3], "neurons", ARGV[4], "model", ARGV[5], "estimated", ARGV[6], "recorded_at", ARGV[8])
if not existed then redis.call("EXPIREAT", res, ARGV[7]) end
local m = "model:" .. ARGV[5] .. ":"
redis.call("HINCRBY", site, "runs", 1)
redis.call("HINCRBY", site, "input_tokens", ARGV[1])
redis.call("HINCRBY", site, "output_tokens", ARGV[2])
redis.call("HINCRBY", site, "cached_input_tokens", ARGV[3])
redis.call("HINCRBYFLOAT", site, "neurons", ARGV[4])
redis.call("HINCRBY", site, "estimated_runs", ARGV[6])
redis.call("HINCRBY", site, m .. "runs", 1)
redis.call("HINCRBY", site, m .. "input_tokens", ARGV[1])
redis.call("HINCRBY", site, m .. "output_tokens", ARGV[2])
redis.call("HINCRBY", site, m .. "cached_input_tokens", ARGV[3])
redis.call("HINCRBYFLOAT", site, m .. "neurons", ARGV[4])
if ARGV[9] ~= "" then
  local k = "kind:" .. ARGV[9] .. ":"
  redis.call("HINCRBY", site, k .. "runs", 1)
  redis.call("HINCRBY", site, k .. "input_tokens", ARGV[1])
  redis.call("HINCRBY", site, k .. "output_tokens", ARGV[2])
  redis.call("HINCRBY", site, k .. "cached_input_tokens", ARGV[3])
  redis.call("HINCRBYFLOAT", site, k .. "neurons", ARGV[4])
end
redis.call("EXPIREAT", site, ARGV[7])
return 1
`;

/**
 * KEYS: reservation (hash), IP units (counter), site totals (hash), all of the reservation's day.
 * ARGV: IP hash.
 * Returns 1, or 0 when the reservation is gone, not this IP's, or already released (a retried
 * call whose first reply was lost gives nothing back twice).
 */
export const RELEASE_LUA = `
local fields = redis.call("HMGET", KEYS[1], "released", "ip", "units")
if fields[1] ~= "0" or fields[2] ~= ARGV[1] then return 0 end
local units = tonumber(fields[3])
redis.call("HSET", KEYS[1], "released", "1")
-- EXISTS guards: DECRBY on a key that expired would create it again, with no expiry.
if redis.call("EXISTS", KEYS[2]) == 1 then redis.call("DECRBY", KEYS[2], units) end
if redis.call("EXISTS", KEYS[3]) == 1 then
  redis.call("HINCRBY", KEYS[3], "units", -units)
  redis.call("HINCRBY", KEYS[3], "releases", 1)
end
return 1
`;

/**
 * KEYS: the refused-units counters of some hours, then their refused-address HyperLogLogs.
 * ARGV: how many hours. Returns { units refused, distinct addresses refused } over those hours.
 */
export const REFUSALS_LUA = `
local hours = tonumber(ARGV[1])
local units = 0
local sets = {}
for i = 1, hours do
  units = units + tonumber(redis.call("GET", KEYS[i]) or "0")
  table.insert(sets, KEYS[hours + i])
end
local addresses = 0
if hours > 0 then addresses = redis.call("PFCOUNT", unpack(sets)) end
return { units, addresses }
`;

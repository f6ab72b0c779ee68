/**
 * The rate-limit window, in Lua, for every bucket counted in Redis: a fixed window (INCR +
 * PEXPIREAT, as rate-limiter-flexible's INCR + EXPIRE) and the Unix second it empties at, which
 * `X-RateLimit-Reset` names. The keyed buckets (consume-with-epoch-script.ts) and the plain ones
 * (the bad-key, public-form and dashboard limits) count through this one rule, so a 401, a 429 and
 * a 200 never announce the same bucket's end differently.
 *
 * A window ends on a whole second: the last one at most a window after its first request (at least
 * a second after it, for a window of one second). `X-RateLimit-Reset` can then name the very second
 * the bucket empties, which a client reads both ways: no later than now plus the window, and a
 * request sent at that second is counted afresh. A window that ended a fraction past a whole second
 * would have to announce the next one (late by up to a second) or the one before (too early). The
 * window still opens with its first request, so a burst shorter than the window always meets its
 * limit, as it would not if windows were cut at fixed times. Redis's own clock, TIME, places it,
 * so replicas whose clocks differ announce the same second.
 */
const WINDOW_CLOCK_LUA = `
local time = redis.call('time')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local function reset_second(ttl)
  return math.floor((now + ttl) / 1000 + 0.5)
end
`;

/**
 * Counts ARGV[1] points in the bucket KEYS[1] whose window is ARGV[2] seconds; leaves `consumed`,
 * `ttl` (ms) and `reset` (Unix second) as locals for the script that embeds it.
 */
export const COUNT_IN_WINDOW_LUA = `${WINDOW_CLOCK_LUA}
local ends = now + 1000 * tonumber(ARGV[2])
ends = ends - ends % 1000
if ends - now < 1000 then
  ends = ends + 1000
end
local consumed = redis.call('incrby', KEYS[1], ARGV[1])
local ttl = redis.call('pttl', KEYS[1])
if ttl < 0 then
  redis.call('pexpireat', KEYS[1], ends)
  ttl = ends - now
end
local reset = reset_second(ttl)
`;

/** KEYS[1] bucket; ARGV[1] points, ARGV[2] window seconds. Returns {consumed, ttl ms, reset}. */
export const CONSUME_IN_WINDOW_LUA = `${COUNT_IN_WINDOW_LUA}
return {consumed, ttl, reset}
`;

/** KEYS[1] bucket. Returns {consumed, ttl ms, reset} without counting; {0, 0, 0} for an empty bucket. */
export const PEEK_IN_WINDOW_LUA = `${WINDOW_CLOCK_LUA}
local consumed = tonumber(redis.call('get', KEYS[1]) or '0')
local ttl = redis.call('pttl', KEYS[1])
if consumed == 0 or ttl < 0 then
  return {0, 0, 0}
end
return {consumed, ttl, reset_second(ttl)}
`;

/** The ioredis command names the scripts are defined under (sent as EVALSHA, EVAL once if unknown). */
export const CONSUME_IN_WINDOW_COMMAND = 'formwellConsumeInWindow';
export const PEEK_IN_WINDOW_COMMAND = 'formwellPeekInWindow';

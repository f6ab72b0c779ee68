/**
 * One round trip for an authenticated request: counts it in its rate-limit bucket (a fixed
 * window, INCR + PEXPIREAT, as rate-limiter-flexible's INCR + EXPIRE) AND reads the user's auth epoch, writing a
 * fresh one (ARGV[3], random) when there is none. Both keys carry the user's hash tag `{u:<id>}`,
 * so the script touches a single cluster slot.
 *
 * KEYS[1] bucket, KEYS[2] epoch; ARGV[1] points, ARGV[2] window seconds, ARGV[3] new epoch,
 * ARGV[4] epoch TTL seconds, ARGV[5] '1' when the client is a cluster client. Returns {consumed,
 * ttl ms, epoch, reset}: reset is the Unix second the bucket empties at.
 *
 * A window ends on a whole second: the last one at most a window after its first request (at least
 * a second after it, for a window of one second). `X-RateLimit-Reset` can then name the very second
 * the bucket empties, which a client reads both ways: no later than now plus the window, and a
 * request sent at that second is counted afresh. A window that ended a fraction past a whole second
 * would have to announce the next one (late by up to a second) or the one before (too early). The
 * window still opens with its first request, so a burst shorter than the window always meets its
 * limit, as it would not if windows were cut at fixed times. (Redis's own clock, TIME, places it.)
 *
 * On a Redis Cluster the epoch returned is the stored token joined with the id of the node that
 * read it. Replication is asynchronous: a master can acknowledge a bump and fail before its replica
 * has it, and the promoted replica then holds the old token. Its node id differs, so a copy made
 * under the old master matches nothing after a failover and is verified again from MongoDB. (A
 * slot moved by resharding costs the same one re-read.) Outside a cluster the token is returned
 * alone; a single Redis replaced behind its address closes the connection, which clears the copies
 * instead (forget-copies-on-topology-change.ts). Whether the client is a cluster client is known
 * when it is made, so only a cluster client asks for the node id: asked of a single Redis, the
 * command failed on every request, which cost that Redis about a tenth of the script's CPU and
 * counted one error reply per request in its error statistics.
 */
export const CONSUME_WITH_EPOCH_LUA = `
local time = redis.call('time')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
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
local epoch = redis.call('get', KEYS[2])
if not epoch then
  redis.call('set', KEYS[2], ARGV[3], 'EX', ARGV[4])
  epoch = ARGV[3]
end
if ARGV[5] == '1' then
  epoch = epoch .. '@' .. redis.call('cluster', 'myid')
end
return {consumed, ttl, epoch, math.floor((now + ttl) / 1000 + 0.5)}
`;

/** The ioredis command name the script is defined under (sent as EVALSHA, EVAL once if unknown). */
export const CONSUME_WITH_EPOCH_COMMAND = 'formwellConsumeWithEpoch';

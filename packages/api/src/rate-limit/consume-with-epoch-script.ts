import { COUNT_IN_WINDOW_LUA } from './fixed-window-script.js';

/**
 * One round trip for an authenticated request: counts it in its rate-limit bucket (the window of
 * fixed-window-script.ts) AND reads the user's auth epoch, writing a fresh one (ARGV[3], random)
 * when there is none. Both keys carry the user's hash tag `{u:<id>}`, so the script touches a
 * single cluster slot.
 *
 * KEYS[1] bucket, KEYS[2] epoch; ARGV[1] points, ARGV[2] window seconds, ARGV[3] new epoch,
 * ARGV[4] epoch TTL seconds, ARGV[5] '1' when the client is a cluster client. Returns {consumed,
 * ttl ms, epoch, reset}: reset is the Unix second the bucket empties at.
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
export const CONSUME_WITH_EPOCH_LUA = `${COUNT_IN_WINDOW_LUA}
local epoch = redis.call('get', KEYS[2])
if not epoch then
  redis.call('set', KEYS[2], ARGV[3], 'EX', ARGV[4])
  epoch = ARGV[3]
end
if ARGV[5] == '1' then
  epoch = epoch .. '@' .. redis.call('cluster', 'myid')
end
return {consumed, ttl, epoch, reset}
`;

/** The ioredis command name the script is defined under (sent as EVALSHA, EVAL once if unknown). */
export const CONSUME_WITH_EPOCH_COMMAND = 'formwellConsumeWithEpoch';

import { createHash } from 'node:crypto';

import Fastify, { type FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import mongoose from 'mongoose';

/**
 * The floor of our own stack: the least a server built from the same parts (Fastify, the MongoDB
 * driver, ioredis) can do for the product's four benched answers, against the same engine and
 * Redis, with exactly the product's round trips. GET form, list and users-joined: one MongoDB read
 * and one Redis script; submit: two MongoDB writes (the submission, the form's count) and one Redis
 * script. Around them only what any such server needs: a key check from a map held in the process,
 * a fixed-window rate limit in one Lua script with the contract's three headers and
 * `Cache-Control: no-store`, hand-written validation of the same fields, and bodies padded to the
 * product's sizes. Whatever the product spends beyond this (tRPC, zod, the adapter, hooks, logs,
 * quotas, analytics, the outbox, indexes) is its overhead; `bench/run.ts` prints both side by side.
 *
 * Configuration is one JSON argument (TFloorConfig); prints its address once listening.
 */
export type TFloorConfig = {
  mongoUri: string;
  redisUrl: string;
  key: string;
  userId: string;
  /** The product's body size of each answer (bytes), so both send as much. */
  sizes: { get: number; list: number; usersJoined: number; submit: number };
};

const config = JSON.parse(process.argv[2] ?? '{}') as TFloorConfig;
const { ObjectId } = mongoose.mongo;
const client = new mongoose.mongo.MongoClient(config.mongoUri, { maxPoolSize: 20 });
await client.connect();
const db = client.db();
const forms = db.collection('forms');
// Its own collection with no secondary index: the floor's insert is the smallest write a
// submission can be.
const submissions = db.collection('floor_submissions');
const redis = new Redis(config.redisUrl);
const LIMIT = 100_000_000;
const WINDOW_SECONDS = 60;
// One round trip: count this request in the key's current window and start the window's expiry.
redis.defineCommand('floorHit', {
  numberOfKeys: 1,
  lua: "local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end return n",
});
const hit = (redis as unknown as { floorHit(key: string, seconds: number): Promise<number> }).floorHit.bind(
  redis,
);
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const owners = new Map<string, mongoose.mongo.ObjectId>([[sha256(config.key), new ObjectId(config.userId)]]);
const OBJECT_ID = /^[0-9a-f]{24}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TOPICS = new Set(['sales', 'support', 'other']);

/** The key's owner, or a 401 already sent. */
function ownerOf(key: unknown, reply: FastifyReply): mongoose.mongo.ObjectId | undefined {
  const owner = typeof key === 'string' ? owners.get(sha256(key)) : undefined;
  if (!owner) {
    void reply.code(401).send({ error: 'Invalid or inactive API key' });
  }

  return owner;
}

/** Counts the request in its window and sets the limit headers; false (and a 429 sent) when over. */
async function admit(bucket: string, reply: FastifyReply): Promise<boolean> {
  const window = Math.floor(Date.now() / 1000 / WINDOW_SECONDS);
  const used = await hit(`floor:${bucket}:${String(window)}`, WINDOW_SECONDS);
  void reply.headers({
    'cache-control': 'no-store',
    'x-ratelimit-limit': LIMIT,
    'x-ratelimit-remaining': Math.max(0, LIMIT - used),
    'x-ratelimit-reset': (window + 1) * WINDOW_SECONDS,
  });
  if (used > LIMIT) {
    void reply.code(429).send({ error: 'Rate limit exceeded' });

    return false;
  }

  return true;
}

/** The JSON of `value`, padded with a trailing string to `size` bytes (the product's body size). */
function padded(value: Record<string, unknown>, size: number): string {
  const json = JSON.stringify(value);
  const missing = size - Buffer.byteLength(json) - 7;

  return missing > 0 ? `${json.slice(0, -1)},"_":"${'x'.repeat(missing)}"}` : json;
}

/** A keyed request about one form: its owner and form id once admitted, or undefined (answer sent). */
async function admitFormRequest(bucket: string, key: unknown, formId: string, reply: FastifyReply) {
  const owner = ownerOf(key, reply);
  if (!owner) {
    return undefined;
  }
  if (!OBJECT_ID.test(formId)) {
    void reply.code(400).send({ error: 'Invalid form id' });

    return undefined;
  }

  return (await admit(`${bucket}:${formId}`, reply)) ? { owner, formId } : undefined;
}

const app = Fastify({ logger: false });

app.get<{ Params: { formId: string } }>('/api/v1/forms/:formId', async (request, reply) => {
  const admitted = await admitFormRequest('get', request.headers['x-api-key'], request.params.formId, reply);
  if (!admitted) {
    return reply;
  }
  const { owner, formId } = admitted;
  const form = await forms.findOne({ _id: new ObjectId(formId), userId: owner });
  if (!form) {
    return reply.code(404).send({ error: 'Form not found' });
  }

  return reply.type('application/json; charset=utf-8').send(padded(form, config.sizes.get));
});

app.get<{ Querystring: { limit?: string } }>('/api/v1/forms/list', async (request, reply) => {
  const owner = ownerOf(request.headers['x-api-key'], reply);
  if (!owner) {
    return reply;
  }
  const limit = Number(request.query.limit ?? '20');
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    return reply.code(400).send({ error: 'Invalid limit' });
  }
  if (!(await admit(`list:${owner.toHexString()}`, reply))) {
    return reply;
  }
  const items = await forms
    .find(
      { userId: owner },
      { projection: { name: 1, formType: 1, isActive: 1, submissionCount: 1, createdAt: 1, updatedAt: 1 } },
    )
    .sort({ createdAt: -1, _id: -1 })
    .limit(limit + 1)
    .toArray();

  return reply
    .type('application/json; charset=utf-8')
    .send(padded({ items: items.slice(0, limit), hasMore: items.length > limit }, config.sizes.list));
});

app.get<{ Params: { formId: string } }>('/api/v1/forms/:formId/users-joined', async (request, reply) => {
  const admitted = await admitFormRequest(
    'joined',
    request.headers['x-api-key'],
    request.params.formId,
    reply,
  );
  if (!admitted) {
    return reply;
  }
  const { owner, formId } = admitted;
  // Whole top-level fields: the embedded engine projects a dotted path ('settings.usersJoined')
  // through its general projection code, about twice the CPU of the whole find (measured against
  // the same engine: 270 vs 105 µs per find), a cost the product's read does not pay.
  const form = await forms.findOne(
    { _id: new ObjectId(formId) },
    { projection: { userId: 1, settings: 1, submissionCount: 1 } },
  );
  if (!form) {
    return reply.code(404).send({ error: 'Form not found' });
  }
  if (!owner.equals(form.userId as mongoose.mongo.ObjectId)) {
    return reply.code(403).send({ error: 'Forbidden' });
  }
  const enabled = (form.settings as { usersJoined?: { enabled?: boolean } } | undefined)?.usersJoined
    ?.enabled;

  return reply
    .type('application/json; charset=utf-8')
    .send(padded({ formId, count: enabled ? form.submissionCount : 0 }, config.sizes.usersJoined));
});

type TSubmitBody = { formId?: unknown; data?: Record<string, unknown> };

app.post<{ Body: TSubmitBody }>('/api/v1/forms/submit', async (request, reply) => {
  const owner = ownerOf(request.headers['x-api-key'], reply);
  if (!owner) {
    return reply;
  }
  const { formId, data } = request.body ?? {};
  if (typeof formId !== 'string' || !OBJECT_ID.test(formId) || typeof data !== 'object' || data === null) {
    return reply.code(400).send({ error: 'Invalid submission' });
  }
  const { email, name, message, topic } = data;
  if (
    typeof email !== 'string' ||
    !EMAIL.test(email) ||
    typeof name !== 'string' ||
    name.length === 0 ||
    (message !== undefined && typeof message !== 'string') ||
    (topic !== undefined && (typeof topic !== 'string' || !TOPICS.has(topic)))
  ) {
    return reply.code(400).send({ error: 'Invalid submission' });
  }
  if (!(await admit(`submit:${formId}`, reply))) {
    return reply;
  }
  const form = new ObjectId(formId);
  const id = new ObjectId();
  const createdAt = new Date();
  await submissions.insertOne({
    _id: id,
    formId: form,
    userId: owner,
    data: { email, name, message, topic },
    meta: { userAgent: request.headers['user-agent'], ip: request.ip },
    createdAt,
  });
  const counted = await forms.updateOne({ _id: form, userId: owner }, { $inc: { submissionCount: 1 } });
  if (counted.matchedCount === 0) {
    await submissions.deleteOne({ _id: id });

    return reply.code(404).send({ error: 'Form not found' });
  }

  return reply
    .code(201)
    .type('application/json; charset=utf-8')
    .send(
      padded(
        { id: id.toHexString(), formId, data: { email, name, message, topic }, createdAt },
        config.sizes.submit,
      ),
    );
});

const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`bench-floor listening ${address}`);

process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => Promise.all([client.close(), redis.quit()]))
    .then(() => process.exit(0));
});

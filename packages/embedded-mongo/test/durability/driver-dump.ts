import { EJSON } from 'bson';
import type { MongoClient } from 'mongodb';

const SYSTEM_DATABASES = new Set(['admin', 'local', 'config']);

/**
 * Everything a client can see, as canonical Extended JSON (types included): databases, collections
 * with their options, indexes, and documents in _id order. Two equal dumps = same visible state.
 */
export async function dumpAll(client: MongoClient): Promise<string> {
  const out: Record<string, unknown> = {};
  const { databases } = await client.db('admin').admin().listDatabases();
  for (const { name } of databases.sort((a, b) => a.name.localeCompare(b.name))) {
    if (SYSTEM_DATABASES.has(name)) continue;
    const db = client.db(name);
    const collections = (await db.listCollections().toArray()).sort((a, b) => a.name.localeCompare(b.name));
    for (const info of collections) {
      const coll = db.collection(info.name);
      const indexes = (await coll.listIndexes().toArray()) as Array<{ name: string }>;
      indexes.sort((a, b) => a.name.localeCompare(b.name));
      const documents = await coll.find({}).sort({ _id: 1 }).toArray();
      out[`${name}.${info.name}`] = { options: 'options' in info ? info.options : null, indexes, documents };
    }
  }
  return EJSON.stringify(out, { relaxed: false });
}

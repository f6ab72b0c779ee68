import { rebuildAnalyticsCounters } from '@formwell/core';
import { connectDatabase, disconnectDatabase } from '@formwell/db';
import mongoose from 'mongoose';

import { seededRandom } from './seeded-random.js';

const DAY_MS = 86_400_000;
/**
 * How long the bench's own clients wait for the engine: a fill of a million documents keeps a
 * durable engine busy (inserting, journaling, snapshotting) for long stretches on a shared 2-core
 * host, which the driver's defaults (30 s to connect, 5 s to select a server in connectDatabase)
 * would take for a lost server. Not the server's settings: it runs as configured.
 */
const PATIENT_MS = 10 * 60_000;

type TStoredSubmission = Record<string, unknown>;

/**
 * Grows one form's submissions to a given count for the curves bench, as fast as the engine takes
 * them, without writing any shape of our own: every bulk document is a copy of a submission the
 * real server stored (its settled form, after its counters ran), with a fresh `_id` and a
 * `createdAt` spread over the last year; the analytics counters are then recomputed by the
 * product's own `formwell analytics rebuild` code path, so the bench follows whatever storage the
 * product has. Inserts go in batches, so the bench's memory stays flat at any size.
 */
export class CurveFiller {
  readonly #client: mongoose.mongo.MongoClient;
  readonly #mongoUri: string;
  readonly #template: TStoredSubmission;
  readonly #random = seededRandom(33);

  private constructor(client: mongoose.mongo.MongoClient, mongoUri: string, template: TStoredSubmission) {
    this.#client = client;
    this.#mongoUri = mongoUri;
    this.#template = template;
  }

  /**
   * `template` is the id of a submission the server stored and has finished counting (an
   * analytics read finishes whatever is pending first). Its side effects are left out of the
   * copies: nothing would ever send them.
   */
  static async open(mongoUri: string, templateId: string): Promise<CurveFiller> {
    const client = await new mongoose.mongo.MongoClient(mongoUri, {
      serverSelectionTimeoutMS: PATIENT_MS,
      connectTimeoutMS: PATIENT_MS,
    }).connect();
    const stored = await client
      .db()
      .collection<TStoredSubmission>('submissions')
      .findOne({ _id: new mongoose.mongo.ObjectId(templateId) } as never);
    if (!stored) {
      await client.close();
      throw new Error(`the template submission ${templateId} is not stored`);
    }
    const { _id: _unused, ...template } = stored;
    if ('outbox' in template) {
      template.outbox = [];
    }
    if ('hasPendingOutbox' in template) {
      template.hasPendingOutbox = false;
    }

    return new CurveFiller(client, mongoUri, template);
  }

  /** Inserts `count` copies of the template, `batchSize` per command. */
  async insert(count: number, batchSize: number): Promise<void> {
    const collection = this.#client.db().collection('submissions');
    const now = Date.now();
    for (let done = 0; done < count; done += batchSize) {
      const batch = Array.from({ length: Math.min(batchSize, count - done) }, () => ({
        ...this.#template,
        _id: new mongoose.mongo.ObjectId(),
        createdAt: new Date(now - Math.floor(this.#random() * 365 * DAY_MS)),
      }));
      await collection.insertMany(batch, { ordered: false });
    }
  }

  /** The product's own rebuild of the form's analytics counters; the submissions it counted. */
  async rebuild(formId: string): Promise<number> {
    const uri = new URL(this.#mongoUri);
    uri.searchParams.set('connectTimeoutMS', String(PATIENT_MS));
    await connectDatabase({ uri: uri.toString(), serverSelectionTimeoutMS: PATIENT_MS });
    try {
      const { rebuilt } = await rebuildAnalyticsCounters({ formId });

      return rebuilt[0]?.submissions ?? 0;
    } finally {
      await disconnectDatabase();
    }
  }

  async close(): Promise<void> {
    await this.#client.close();
  }
}

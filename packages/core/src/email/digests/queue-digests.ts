import { digestCursorRepository, notificationPreferenceRepository } from '@formwell/db';
import { DIGEST_CADENCES, digestJob, type TJobProducer } from '@formwell/jobs';

import { digestSpan, endedPeriods, periodLength } from './digest-periods.js';

/**
 * The digest run (a repeatable job of the worker): for each cadence, every period that ended since
 * the last run gets one digest job per member and form on that cadence (or who left it for instant or
 * the other digest during the period, see digestSpan). The cursor moves only after
 * every job is enqueued, and job ids are derived from member, form and period: a run that dies
 * half-way is done again by the next one without adding a job twice, and a worker that was down
 * catches up on the periods it missed.
 */
export async function queueDigests({
  producer,
  now,
}: {
  producer: TJobProducer;
  now: Date;
}): Promise<number> {
  let enqueued = 0;
  for (const cadence of DIGEST_CADENCES) {
    const starts = endedPeriods(cadence, await digestCursorRepository.get({ cadence }), now);
    const last = starts.at(-1);
    if (last === undefined) {
      continue;
    }
    const members = await notificationPreferenceRepository.listDigestReaders({
      cadence,
      since: new Date(starts[0] ?? last),
    });
    for (const periodStart of starts) {
      for (const { workspaceId, formId, userId, ...member } of members) {
        if (digestSpan(member, cadence, periodStart) === null) {
          continue;
        }
        await producer.enqueue(digestJob, { workspaceId, formId, userId, cadence, periodStart });
        enqueued += 1;
      }
    }
    await digestCursorRepository.advance({ cadence, periodEnd: new Date(last + periodLength(cadence)) });
  }

  return enqueued;
}

import { formRepository, submissionRepository } from '@formwell/db';

const DAY_MS = 86_400_000;

/**
 * The retention sweep (worker): deletes submissions older than their form's `retentionDays` and
 * lowers `submissionCount` to match. Returns how many were deleted. Submissions whose counting is
 * still pending are skipped until the counter sweep has settled them (deleteOlderThan).
 */
export async function purgeExpiredSubmissions({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  let deleted = 0;
  let afterId: string | undefined;
  for (;;) {
    const forms = await formRepository.listWithRetention({ afterId, limit: 100 });
    for (const form of forms) {
      const before = new Date(now.getTime() - form.retentionDays * DAY_MS);
      const count = await submissionRepository.deleteOlderThan({
        userId: form.userId,
        formId: form.id,
        before,
      });
      if (count > 0) {
        await formRepository.incrementSubmissionCount({ userId: form.userId, formId: form.id, by: -count });
        deleted += count;
      }
    }
    const last = forms.at(-1);
    if (forms.length < 100 || !last) {
      return deleted;
    }
    afterId = last.id;
  }
}

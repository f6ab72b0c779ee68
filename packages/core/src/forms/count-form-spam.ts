import { formStatsRepository, spamFolderRepository } from '@formwell/db';

export type TFormSpamCount = {
  /** Answered like a success and never stored: honeypot hits and failed CAPTCHAs. */
  caught: number;
  /** Submissions in the form's spam folder now. */
  inFolder: number;
};

/**
 * What a form caught as spam, both kinds. Both reads are scoped to the owner, so a caller may run
 * them beside the form's own (ownership-checked) load without learning anything of another's form.
 */
export async function countFormSpam({
  userId,
  formId,
}: {
  userId: string;
  formId: string;
}): Promise<TFormSpamCount> {
  const [caught, inFolder] = await Promise.all([
    formStatsRepository.spamCount({ userId, formId }),
    spamFolderRepository.count({ userId, formId }),
  ]);

  return { caught, inFolder };
}

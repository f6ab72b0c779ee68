import { actionEmail } from '../../action-email.js';
import type { TEmailMessage } from '../../mailer.js';

/** A form name as the confirmation quotes it: one line, at most 100 characters. */
function quotedFormName(name: string): string {
  const line = name.replace(/\s+/g, ' ').trim();

  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}

/**
 * The link an extra recipient confirms. It quotes nothing anyone typed but the form's name (one
 * line, escaped in the HTML by the layout), so adding an address cannot be used to mail a
 * stranger a message of one's choosing: the subject and every other word are ours.
 */
export function recipientConfirmEmail({
  to,
  formName,
  url,
}: {
  to: string;
  formName: string;
  url: string;
}): TEmailMessage {
  return actionEmail(
    to,
    'Confirm that you want Formwell notifications',
    [
      `Someone managing the form "${quotedFormName(formName)}" on Formwell asked to send you an email for each of its submissions.`,
      'Nothing is sent to you unless you open the link below. It works once and expires in 7 days. If you did not expect this, ignore this email.',
    ],
    { label: 'Yes, send me these notifications', url },
  );
}

import { actionEmail } from '../../action-email.js';
import type { TEmailMessage } from '../../mailer.js';

/**
 * The most of the form's name the confirmation quotes: enough to recognise the form, too little
 * to carry a message of the (unverified) adder's choosing in a mail sent by the install.
 */
const QUOTED_NAME_MAX = 40;

/** A form name as the confirmation quotes it: one line, at most QUOTED_NAME_MAX characters. */
function quotedFormName(name: string): string {
  const line = name.replace(/\s+/g, ' ').trim();

  return line.length > QUOTED_NAME_MAX ? `${line.slice(0, QUOTED_NAME_MAX - 1)}…` : line;
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

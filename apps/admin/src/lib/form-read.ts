import type { RouterOutputs } from './trpc';

/**
 * What `forms.get` answers a dashboard session: the form with every stored setting. The procedure
 * is the REST API's too, where a key gets the public Form only; the server's actor decides which.
 */
export type TFormRead = Extract<RouterOutputs['forms']['get'], { settings: unknown }>;

/** `select` of the session's `forms.get` queries: the full read, which a session always gets. */
export function sessionFormRead(form: RouterOutputs['forms']['get']): TFormRead {
  if (!('settings' in form)) {
    throw new Error('forms.get answered without the form settings a session reads');
  }

  return form;
}

export type TRateLimitRule = { limit: number; windowSeconds: number };

export type TRateLimitName =
  | 'formsList'
  | 'getForm'
  | 'submissionsList'
  | 'analytics'
  | 'usersJoined'
  | 'submit'
  | 'webhooksManage'
  | 'formsManage'
  | 'logIn'
  | 'logInPerEmail'
  | 'signUp'
  | 'accountEmail'
  | 'accountEmailPerAddress'
  | 'accountEmailPerRecipient'
  | 'invitationsPerInviter'
  | 'recipientLinksPerWorkspace'
  | 'badApiKey'
  | 'publicSubmit';

/**
 * Default limits; buckets are per key (+ form), built by the api layer. `logIn` counts
 * failed dashboard log-ins per client IP; `logInPerEmail` counts them per email from every address,
 * with a ceiling high enough that one address cannot lock an account (its own `logIn` bucket stops
 * it long before) while a guess spread over many addresses is still cut off; `signUp` counts sign-ups per client IP;
 * `badApiKey` counts requests per client IP whose API key was unknown or revoked (at the limit the
 * address is refused before any key is looked up). Its default is as generous as the submit limit:
 * a client with a mistyped or just-revoked key, or several clients behind one proxy, should keep
 * seeing the 401 that explains the problem; only a flood (more than ten a second) is cut off.
 */
export const DEFAULT_RATE_LIMITS: Record<TRateLimitName, TRateLimitRule> = {
  formsList: { limit: 100, windowSeconds: 60 },
  getForm: { limit: 100, windowSeconds: 60 },
  submissionsList: { limit: 100, windowSeconds: 60 },
  analytics: { limit: 30, windowSeconds: 60 },
  usersJoined: { limit: 300, windowSeconds: 60 },
  submit: { limit: 600, windowSeconds: 60 },
  // Endpoint management is configuration, a few calls at a time; scripts stay well within this.
  webhooksManage: { limit: 60, windowSeconds: 60 },
  // Creating, changing and deleting forms over the API: configuration too.
  formsManage: { limit: 60, windowSeconds: 60 },
  logIn: { limit: 10, windowSeconds: 15 * 60 },
  logInPerEmail: { limit: 100, windowSeconds: 15 * 60 },
  signUp: { limit: 20, windowSeconds: 60 * 60 },
  // Emailed links (sign-up, password reset, verification again) per recipient asked from one client
  // address: a person needs one or two, and what one address asks for cannot use up what the
  // recipient may get from anywhere else. Per recipient from all addresses, a ceiling so nobody
  // fills an inbox through us (it takes several addresses to reach). Per client address a little
  // more than per recipient, for offices behind one address.
  accountEmail: { limit: 5, windowSeconds: 60 * 60 },
  accountEmailPerRecipient: { limit: 30, windowSeconds: 60 * 60 },
  accountEmailPerAddress: { limit: 30, windowSeconds: 60 * 60 },
  // Invitations one member sends per hour (each recipient is also under `accountEmail`): enough to
  // bring a team in, too few to use a workspace as a mailer.
  invitationsPerInviter: { limit: 50, windowSeconds: 60 * 60 },
  // Confirmation links to forms' extra recipients one workspace sends per hour (each recipient
  // also counts under `accountEmail`): a few forms' worth, too few to use the install as a mailer.
  recipientLinksPerWorkspace: { limit: 30, windowSeconds: 60 * 60 },
  badApiKey: { limit: 600, windowSeconds: 60 },
  // The keyless HTML endpoint, per client address and form: a person submits a form a few times at
  // most; a script hammering one form from one address is cut off early.
  publicSubmit: { limit: 20, windowSeconds: 60 },
};

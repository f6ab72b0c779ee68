export type TRateLimitRule = { limit: number; windowSeconds: number };

export type TRateLimitName =
  'formsList' | 'getForm' | 'submissionsList' | 'analytics' | 'usersJoined' | 'submit';

/** Defaults of decisions §5; buckets are per key (+ form), built by the api layer. */
export const DEFAULT_RATE_LIMITS: Record<TRateLimitName, TRateLimitRule> = {
  formsList: { limit: 100, windowSeconds: 60 },
  getForm: { limit: 100, windowSeconds: 60 },
  submissionsList: { limit: 100, windowSeconds: 60 },
  analytics: { limit: 30, windowSeconds: 60 },
  usersJoined: { limit: 300, windowSeconds: 60 },
  submit: { limit: 600, windowSeconds: 60 },
};

/** What stands in for a credential that is never shown again (URLs and header values). */
export const MASKED_CREDENTIAL = '***';

/**
 * Where Checkout sends the user back. Stripe replaces `{CHECKOUT_SESSION_ID}` itself, so the braces
 * are appended as they are (URLSearchParams would encode them and Stripe would not see them).
 */
export function checkoutReturnUrls(returnUrl: string): { successUrl: string; cancelUrl: string } {
  const separator = new URL(returnUrl).search === '' ? '?' : '&';

  return {
    successUrl: `${returnUrl}${separator}checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${returnUrl}${separator}checkout=canceled`,
  };
}

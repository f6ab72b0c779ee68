/** The thank-you page of a form's keyless endpoint: where a submission lands without a redirect. */
export function publicThankYouUrl({ publicUrl, formId }: { publicUrl: string; formId: string }): string {
  return `${publicUrl.replace(/\/+$/, '')}/f/${encodeURIComponent(formId)}/thanks`;
}

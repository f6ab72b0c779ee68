/** Who gets a form's developer emails: the address set on the form, else its owner. */
export function developerRecipient(developerEmail: string | null | undefined, ownerEmail: string): string {
  return developerEmail ?? ownerEmail;
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { ErrorAlert, SelectField, TextField } from '../components/ui';
import type { TFormRead } from '../lib/form-read';
import { useTRPC, type RouterInputs } from '../lib/trpc';

type TForm = TFormRead;
type TCaptchaInput = NonNullable<
  NonNullable<RouterInputs['forms']['update']['publicSubmissions']>['captcha']
>;
type TProvider = TCaptchaInput['provider'];

/** The providers' names; a Record over the server's union, so a new provider needs a label here. */
const PROVIDER_LABELS: Record<TProvider, string> = {
  turnstile: 'Cloudflare Turnstile',
  hcaptcha: 'hCaptcha',
  recaptcha: 'Google reCAPTCHA',
};
const OFF = 'off';
const PROVIDER_OPTIONS = [
  { value: OFF, label: 'Off' },
  ...Object.entries(PROVIDER_LABELS).map(([value, label]) => ({ value, label })),
];

/**
 * CAPTCHA on the keyless HTML endpoint. The secret is write-only (no view ever shows it), so
 * keeping the provider with an empty secret field leaves the stored secret as it is.
 */
export function CaptchaCard({ form }: { form: TForm }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const current = form.publicSubmissions.captcha?.provider ?? OFF;
  const [provider, setProvider] = useState(current);
  const [secret, setSecret] = useState('');
  const save = useMutation(
    trpc.forms.update.mutationOptions({
      onSuccess: () => {
        setSecret('');
        return queryClient.invalidateQueries({ queryKey: trpc.forms.get.queryKey({ formId: form.id }) });
      },
    }),
  );
  const needsSecret = provider !== OFF && (provider !== current || current === OFF);
  // Same provider and no new secret: nothing would change.
  const unchanged = provider === current && secret.trim() === '';

  return (
    <form
      className="card stack"
      aria-label="CAPTCHA"
      onSubmit={(event) => {
        event.preventDefault();
        if (provider === OFF) {
          save.mutate({ formId: form.id, publicSubmissions: { captcha: null } });
        } else if (secret.trim() !== '') {
          const captcha = { provider: provider as TProvider, secret: secret.trim() };
          save.mutate({ formId: form.id, publicSubmissions: { captcha } });
        }
      }}
    >
      <h3>CAPTCHA</h3>
      <p className="hint">
        Posts to the plain HTML endpoint must carry a solved challenge. Now:{' '}
        {current === OFF ? 'off' : PROVIDER_LABELS[current as TProvider]}.
      </p>
      <SelectField
        label="CAPTCHA provider"
        value={provider}
        options={PROVIDER_OPTIONS}
        onChange={(e) => setProvider(e.target.value)}
      />
      {provider !== OFF ? (
        <TextField
          label="CAPTCHA secret key"
          hint={
            needsSecret
              ? "The provider's secret (server) key; it is stored and never shown again."
              : 'Leave empty to keep the stored secret.'
          }
          type="password"
          autoComplete="off"
          required={needsSecret}
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
        />
      ) : null}
      {save.isError ? <ErrorAlert error={save.error} /> : null}
      {save.isSuccess ? (
        <p className="alert ok" role="status">
          CAPTCHA saved.
        </p>
      ) : null}
      <div>
        <button type="submit" disabled={save.isPending || unchanged || (needsSecret && secret.trim() === '')}>
          Save CAPTCHA
        </button>
      </div>
    </form>
  );
}

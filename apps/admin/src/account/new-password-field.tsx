import { TextField } from '../components/ui';

/** A new password: the rule the server checks (8 characters) said and checked in the browser too. */
export function NewPasswordField({
  value,
  onChange,
  hint = 'At least 8 characters.',
}: {
  value: string;
  onChange: (value: string) => void;
  hint?: string;
}) {
  return (
    <TextField
      label="New password"
      type="password"
      required
      minLength={8}
      autoComplete="new-password"
      hint={hint}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

const MAX_NAME_LENGTH = 255;
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * The name a file is stored and offered under: the last path segment of what the client sent
 * (`C:\fakepath\cv.pdf` and `../../etc/passwd` keep only their last part), control characters
 * removed, cut to 255 characters keeping the extension. `file` when nothing is left.
 */
export function safeFileName(sent: string): string {
  const segments = sent.replace(CONTROL_CHARACTERS, '').split(/[/\\]/);
  const last = (segments.at(-1) ?? '').trim();
  const name = last === '' || last === '.' || last === '..' ? 'file' : last;
  const characters = [...name];
  if (characters.length <= MAX_NAME_LENGTH) {
    return name;
  }
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? [...name.slice(dot)] : [];
  // An "extension" as long as the limit is no extension worth keeping.
  const kept = extension.length > 0 && extension.length <= 20 ? extension : [];

  return characters.slice(0, MAX_NAME_LENGTH - kept.length).join('') + kept.join('');
}

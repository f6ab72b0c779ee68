/**
 * The page a submission came from: the `Origin` header, else the origin of `Referer` (older
 * browsers and some privacy settings leave `Origin` out of form posts). `null` when neither names
 * an http(s) origin; the opaque origin `null` (sandboxed frames, file:// pages) counts as none.
 */
export function requestOrigin({
  origin,
  referer,
}: {
  origin?: string | null;
  referer?: string | null;
}): string | null {
  for (const candidate of [origin, referer]) {
    const parsed = httpOrigin(candidate);
    if (parsed) {
      return parsed;
    }
  }

  return null;
}

/** The origin of an absolute http(s) URL, or null. */
function httpOrigin(value: string | null | undefined): string | null {
  if (!value || value === 'null') {
    return null;
  }
  try {
    const url = new URL(value);

    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The URI with the driver's command monitoring on: it emits `commandStarted` for every command only
 * when asked at connect time. Tests that count or read the commands sent connect with it.
 */
export function monitoredUri(uri: string): string {
  const url = new URL(uri);
  url.searchParams.set('monitorCommands', 'true');

  return url.toString();
}

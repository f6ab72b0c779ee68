import type { AppRouter } from '@formwell/api';
import { createTRPCClient, httpBatchLink } from '@trpc/client';

/**
 * A typed @trpc/client for the dashboard procedures with a one-cookie jar, as a browser would keep
 * the session cookie. `setCookies` records every Set-Cookie header seen.
 */
export function dashboardClient(address: string) {
  const jar = { cookie: null as string | null, setCookies: [] as string[] };
  const client = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${address}/trpc`,
        headers: () => (jar.cookie ? { cookie: jar.cookie } : {}),
        fetch: async (input: string | URL | Request, init?: RequestInit) => {
          const response = await fetch(input, init);
          for (const header of response.headers.getSetCookie()) {
            jar.setCookies.push(header);
            const pair = header.split(';')[0] ?? '';
            jar.cookie = pair.endsWith('=') ? null : pair;
          }

          return response;
        },
      }),
    ],
  });

  return { client, jar };
}

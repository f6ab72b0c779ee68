import type { AppRouter } from '@formwell/api';
import { createUser } from '@formwell/core';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';

import { uniqueEmail } from '../api-v1/helpers/fixtures.js';
import { testCoreConfig } from '../helpers/test-core-config.js';

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

/** The tRPC error code and message of a rejected call (throws if the call succeeded). */
export async function rejection(promise: Promise<unknown>): Promise<{ code: unknown; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCClientError) {
      return { code: (error.data as { code?: unknown } | undefined)?.code, message: error.message };
    }
    throw error;
  }
  throw new Error('expected the call to fail');
}

/**
 * A session's answer of `forms.get`, `forms.create` or `forms.update`, which holds every stored
 * setting (a key's holds the Form only).
 */
export function sessionFormRead<TAnswer extends object>(
  answer: TAnswer,
): Extract<TAnswer, { settings: unknown }> {
  if (!('settings' in answer)) {
    throw new Error('the form procedure answered a session without the form settings');
  }

  return answer as Extract<TAnswer, { settings: unknown }>;
}

type TDashboardClient = ReturnType<typeof dashboardClient>['client'];

/**
 * A new account as a visitor makes one: sign up (which signs nobody in, whether or not the address
 * was taken), then log in. The client then holds the session cookie.
 */
export async function signUpAndLogIn(
  client: TDashboardClient,
  input: { email: string; password: string; name?: string },
) {
  await client.auth.signUp.mutate(input);

  return client.auth.logIn.mutate({ email: input.email, password: input.password });
}

/** A new staff account (role ADMIN, made as the CLI makes one) with a dashboard session. */
export async function signedInStaff(address: string, password = 'staff horse battery') {
  const email = uniqueEmail('admin');
  await createUser({ config: testCoreConfig, input: { email, password, role: 'ADMIN' } });
  const staff = dashboardClient(address);
  await staff.client.auth.logIn.mutate({ email, password });

  return staff;
}

import type { AppRouter } from '@formwell/api';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createTRPCContext } from '@trpc/tanstack-react-query';

/** Every call goes to the same origin: the session cookie rides along, and /trpc refuses other origins. */
export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export function createTrpcClient() {
  return createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/trpc' })] });
}

/** The HTTP status the server answered a failed call with (undefined: no answer, e.g. offline). */
function httpStatusOf(error: unknown): number | undefined {
  return error instanceof TRPCClientError
    ? (error as TRPCClientError<AppRouter>).data?.httpStatus
    : undefined;
}

/** True when the server answered 401: the session is missing or expired. */
export function isUnauthorized(error: unknown): boolean {
  return httpStatusOf(error) === 401;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 401 or 404 will not change on a retry; a network hiccup may.
        retry: (failures, error) => failures < 2 && (httpStatusOf(error) ?? 500) >= 500,
        refetchOnWindowFocus: false,
      },
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { useTRPC } from '../lib/trpc';

/**
 * Makes a workspace the session's current one (`workspace.switch`), then opens its forms and
 * resets every query (reset, not just invalidated: no answer of the workspace left is shown while
 * the new one loads, since each cached answer belonged to the workspace it was asked in).
 */
export function useSwitchWorkspace() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useMutation(
    trpc.workspace.switch.mutationOptions({
      onSuccess: async () => {
        await navigate('/forms');
        await queryClient.resetQueries();
      },
    }),
  );
}

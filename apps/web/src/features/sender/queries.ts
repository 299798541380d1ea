import { api, type SenderLists } from '@storecast/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/client.ts';
import { useToken } from '../../shared/api/token-store.ts';
import { queryKeys } from '../../shared/session/queries.ts';

export const senderKeys = { lists: ['sender-lists'] as const };

export function useSenderLists() {
  const token = useToken();
  return useQuery({ queryKey: [...senderKeys.lists, token], queryFn: () => call(api.sender.lists) });
}

/**
 * A sender call whose answer is the fresh sender page data: it replaces the cached lists, and
 * the session user (which carries the sender's status for the menu and gates) is refetched.
 */
export function useSenderMutation<V>(fn: (v: V) => Promise<SenderLists>, onDone?: (data: SenderLists, vars: V) => void) {
  const queryClient = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (data, vars) => {
      queryClient.setQueryData([...senderKeys.lists, token], data);
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessionUser });
      onDone?.(data, vars);
    },
  });
}

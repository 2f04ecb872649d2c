import { connections, unlinkConnection, type SocialNetwork } from '@parlo/contract/social';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

const connectionsKey = ['connections'] as const;

/** The providers linked to this account (issue 12), and which ones could be linked. */
export function useConnections() {
  return useQuery({ queryKey: connectionsKey, queryFn: () => callApi(connections) });
}

export function useUnlinkConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (network: SocialNetwork) => callApi(unlinkConnection, { params: { network } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionsKey }),
  });
}

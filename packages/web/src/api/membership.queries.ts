import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { EndpointName } from '@changdu/contract';
import { meKey } from './users.queries';
import { useApiInfiniteQuery, useApiMutation, useApiQuery } from './hooks';

/** What a membership change can alter: me, logs, orders, awards, ranks. */
const MEMBER_VIEWS: EndpointName[] = [
  'member.myLog',
  'member.userLog',
  'order.list',
  'order.show',
  'award.mine',
  'rank.week',
  'trial.status',
  'user.search',
  'code.mine',
  'code.list',
];
function refreshMembership(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: meKey }),
    ...MEMBER_VIEWS.map((name) => queryClient.invalidateQueries({ queryKey: [name] })),
  ]);
}
/** Grants change what locked articles and quotas show too: after one, every cached answer is stale. */
function refreshAll(queryClient: QueryClient) {
  return queryClient.invalidateQueries();
}
function useGranting<N extends EndpointName>(name: N) {
  const queryClient = useQueryClient();
  return useApiMutation(name, { onSuccess: () => refreshAll(queryClient) });
}
function useRefreshing<N extends EndpointName>(name: N) {
  const queryClient = useQueryClient();
  return useApiMutation(name, { onSuccess: () => refreshMembership(queryClient) });
}

export const useProducts = () => useApiQuery('member.products', {});
export const useMemberVersion = () => useApiQuery('member.version', {});
export const useMyMemberLog = () => useApiInfiniteQuery('member.myLog', {});
export const useUserMemberLog = (userId: number, enabled = true) => useApiInfiniteQuery('member.userLog', { user_id: userId }, { enabled });
/** How often an order awaiting payment asks again, so a payment made on another phone shows here by itself. */
export const ORDER_POLL_MS = 3000;

export const useOrder = (orderNo: string | null) =>
  useApiQuery(
    'order.show',
    { order_no: orderNo ?? '' },
    { enabled: orderNo !== null && orderNo !== '', poll: (order) => (order?.status === 'pending' ? ORDER_POLL_MS : false) },
  );
export const useOrders = (filter: { status?: 'pending' | 'paid' | 'finished' | 'closed' | 'refunded'; q?: string; mine?: '1' | '0' }) =>
  useApiInfiniteQuery('order.list', filter);
export const useCreateOrder = () => useRefreshing('order.create');
export const useFinishOrder = () => useRefreshing('order.finish');
export const useCloseOrder = () => useRefreshing('order.close');
export const useBuyerPaid = () => useRefreshing('order.buyerPaid');
/** How a manual payment is made (payee, account or QR image, contact), as a manager set it. */
export const useManualPay = () => useApiQuery('appinfo.manualPay', {});
export function useSaveManualPay() {
  const queryClient = useQueryClient();
  return useApiMutation('appinfo.saveManualPay', { onSuccess: () => queryClient.invalidateQueries({ queryKey: ['appinfo.manualPay'] }) });
}
export const useOpenMember = () => useRefreshing('member.open');
export const useRenewMember = () => useRefreshing('member.renewal');
export const useCloseMember = () => useRefreshing('member.close');
export const useTrialStatus = () => useApiQuery('trial.status', {});
export const useOpenTrial = () => useGranting('trial.open');
export const useReceiveTrial = () => useGranting('trial.receive');
export const useTrialLink = () => useApiMutation('trial.link');
export const useMyCode = () => useApiQuery('code.mine', {});
export const useBindCode = () => useRefreshing('code.bind');
export const useReceiveCodeAward = () => useGranting('code.receiveAward');
export const useAwards = () => useApiQuery('award.mine', {});
export const useCodes = (ctype?: 'invite' | 'register' | 'member' | 'trial') => useApiInfiniteQuery('code.list', ctype ? { ctype } : {});
export const useGenerateCodes = () => useRefreshing('code.generate');
export const useRankWeek = (cat: 'time' | 'finish' | 'review', rankDate: string) => useApiQuery('rank.week', { cat, rank_date: rankDate });
export const useReceiveRankAward = () => useGranting('rank.receiveAward');

/** Fen as yuan: 1800 → ¥18, 4850 → ¥48.50. */
export function yuan(fen: number): string {
  return `¥${fen % 100 === 0 ? fen / 100 : (fen / 100).toFixed(2)}`;
}

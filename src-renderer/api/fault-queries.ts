import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MerchantFaults, OrderMerchantFaults } from '@shared/schemas/merchant-faults.schema';
import { useControlApi } from './ControlApiContext';
import { useOp } from './use-op';

export const faultKeys = {
  all: ['merchantFaults'] as const,
  setting: ['merchantFaults', 'setting'] as const,
  order: (orderId: string) => ['merchantFaults', 'order', orderId] as const,
};

/** The merchant faults setting: every order without its own set. */
export function useFaultSetting() {
  return useOp(faultKeys.setting, 'merchantFaults.get', {});
}

/** An order's merchant faults and every fault applied to it; null when the order is unknown. */
export function useOrderFaults(orderId: string) {
  return useOp(faultKeys.order(orderId), 'merchantFaults.order.get', { orderId });
}

export function useSetFaultSetting() {
  const api = useControlApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (faults: MerchantFaults) => api.invoke('merchantFaults.set', faults),
    onSuccess: (next) => {
      client.setQueryData(faultKeys.setting, next);
      void client.invalidateQueries({ queryKey: faultKeys.all });
    },
  });
}

/** Gives the order its own set, or (null) sends it back to the setting. */
export function useSetOrderFaults(orderId: string) {
  const api = useControlApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (faults: MerchantFaults | null) =>
      api.invoke('merchantFaults.order.set', { orderId, faults }),
    onSuccess: (next: OrderMerchantFaults) => client.setQueryData(faultKeys.order(orderId), next),
  });
}

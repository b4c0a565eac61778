import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MerchantAnswer, type MerchantRequest } from '@shared/contract/merchant-ops';
import { useControlApi } from './ControlApiContext';
import { queryKeys } from './queries';
import { apKeys } from './after-purchase-queries';

/** A call the console made as the merchant, and what the API answered. */
export interface MerchantCallResult {
  request: MerchantRequest;
  answer: MerchantAnswer;
}

/**
 * Calls the provider API as the merchant (`merchant.request`: the same routes and checks as the
 * merchant's server, recorded in the log as the console's call), then reads again what it may change.
 */
export function useMerchantCall() {
  const api = useControlApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: MerchantRequest): Promise<MerchantCallResult> => ({
      request,
      answer: await api.invoke('merchant.request', request),
    }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: apKeys.om });
      void client.invalidateQueries({ queryKey: apKeys.push });
      void client.invalidateQueries({ queryKey: queryKeys.ipp });
      void client.invalidateQueries({ queryKey: queryKeys.exchanges });
    },
  });
}

/** The API's answer in words: the status, and for a refusal its error code and messages. */
export function answerSummary(a: MerchantAnswer): { ok: boolean; text: string } {
  const ok = a.status >= 200 && a.status < 300;
  const body = (typeof a.body === 'object' && a.body !== null ? a.body : {}) as Record<string, unknown>;
  if (ok) return { ok, text: `${a.status}${STATUS_WORDS[a.status] ? ` ${STATUS_WORDS[a.status]}` : ''}` };
  const code = typeof body.error_code === 'string' ? body.error_code : (body.title ?? body.code ?? '');
  const messages = Array.isArray(body.error_messages)
    ? (body.error_messages as unknown[]).map(String)
    : typeof body.detail === 'string'
      ? [body.detail]
      : typeof body.message === 'string'
        ? [body.message]
        : [];
  return {
    ok,
    text:
      [`${a.status}`, String(code)].filter(Boolean).join(' ') +
      (messages.length ? `: ${messages.join('; ')}` : ''),
  };
}

const STATUS_WORDS: Record<number, string> = { 200: 'OK', 201: 'Created', 204: 'No Content' };

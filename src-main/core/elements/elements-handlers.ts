import type { elementsOps } from '@shared/contract/elements-ops';
import type { Handlers } from '../control';
import type { ElementsClients } from './elements-clients';

/** The control contract's elements operations, acting as the merchant whose credentials the simulator uses. */
export function elementsHandlers(
  clients: ElementsClients,
  merchantId: () => string,
): Pick<Handlers, keyof typeof elementsOps> {
  return {
    'elements.clients.list': () => clients.listAll(merchantId()),
    'elements.client.get': (i) => clients.find(merchantId(), i.client_id) ?? null,
    'elements.client.create': (i) => clients.create(merchantId(), i.body),
    'elements.client.update': (i) => clients.update(merchantId(), i.client_id, i.body),
    'elements.client.delete': (i) => {
      clients.remove(merchantId(), i.client_id);
      return { deleted: true as const };
    },
    'elements.client.setExpress': (i) =>
      clients.setExpress(merchantId(), i.client_id, i.express_config, {
        patch: i.patch ?? false,
        ...(i.placement_key !== undefined ? { placementKey: i.placement_key } : {}),
      }),
    'elements.client.setOrigins': (i) =>
      i.mode === 'add'
        ? clients.addOrigins(merchantId(), i.client_id, { allowed_origins: i.allowed_origins })
        : clients.setOrigins(merchantId(), i.client_id, { allowed_origins: i.allowed_origins }),
  };
}

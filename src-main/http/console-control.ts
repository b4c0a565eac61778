import type { Control } from '../core/control';
import type { Core } from '../core/create-core';
import { MerchantGateway, type MerchantApi } from './provider/merchant-gateway';

/**
 * The control contract as the console calls it (its HTTP listener, Electron's IPC): the core's operations
 * plus `merchant.request`, which goes through the provider API's own handler (`providerApi`: its app,
 * provider-app.ts, built on the core beside it), with the merchant's credentials.
 */
export function consoleControl(core: Core, providerApi: MerchantApi): Control {
  const merchant = new MerchantGateway(() => core.config.credentials, providerApi);
  return core.controlWith({ 'merchant.request': (i) => merchant.request(i) });
}

import type { FrameConfig } from '@shared/contract/frame-config';

/** The config from its JSON text; null when it is missing or not the expected shape. */
export function parseConfig(text: string | null | undefined): FrameConfig | null {
  if (!text) return null;
  let c: Partial<FrameConfig> | null;
  try {
    c = JSON.parse(text) as Partial<FrameConfig> | null;
  } catch {
    return null;
  }
  if (!c || typeof c.orderId !== 'string' || typeof c.token !== 'string') return null;
  if (!c.view || typeof c.view !== 'object' || typeof c.view.status !== 'string') return null;
  return {
    orderId: c.orderId,
    token: c.token,
    parentOrigin: typeof c.parentOrigin === 'string' ? c.parentOrigin : null,
    view: c.view,
    allowedOrigins: Array.isArray(c.allowedOrigins)
      ? c.allowedOrigins.filter((o) => typeof o === 'string')
      : [],
  };
}

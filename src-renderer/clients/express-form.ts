import { type Client, type ExpressConfig } from '@shared/schemas/elements.schema';

export const EXPRESS_URLS = ['push_url', 'validation_url', 'confirmation_url'] as const;
export type ExpressUrlField = (typeof EXPRESS_URLS)[number];

/** The express editor's fields, as typed. */
export interface ExpressForm {
  placementKey: string;
  urls: Record<ExpressUrlField, string>;
  methods: Array<{ method: string; provider: string }>;
}

/** The placement a new express configuration goes to when the client has none. */
export const DEFAULT_PLACEMENT_KEY = 'express';

/**
 * The form for a client: the first placement that has an express configuration, else the first placement,
 * else a new `express` placement; a fresh configuration starts with one empty payment method row.
 */
export function expressFormOf(client: Pick<Client, 'placements'>): ExpressForm {
  const placement = client.placements.find((p) => p.express_config) ?? client.placements[0];
  return formOf(placement?.key ?? DEFAULT_PLACEMENT_KEY, placement?.express_config);
}

/** The form for one placement of the client (the editor's placement picker). */
export function expressFormFor(client: Pick<Client, 'placements'>, key: string): ExpressForm {
  return formOf(key, client.placements.find((p) => p.key === key)?.express_config);
}

function formOf(placementKey: string, config: ExpressConfig | undefined): ExpressForm {
  return {
    placementKey,
    urls: {
      push_url: config?.push_url ?? '',
      validation_url: config?.validation_url ?? '',
      confirmation_url: config?.confirmation_url ?? '',
    },
    methods: config?.payment_methods.map((m) => ({ ...m })) ?? [{ method: '', provider: '' }],
  };
}

/**
 * The configuration to send (it replaces the placement's): blank URLs are left out, every payment method row
 * is sent as typed (trimmed) so the simulator's problems (`payment_methods[1].provider`) name the rows shown.
 */
export function expressBody(form: ExpressForm): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of EXPRESS_URLS) {
    const v = form.urls[field].trim();
    if (v !== '') body[field] = v;
  }
  body.payment_methods = form.methods.map((m) => ({ method: m.method.trim(), provider: m.provider.trim() }));
  return body;
}

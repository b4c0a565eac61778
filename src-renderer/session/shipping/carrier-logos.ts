import { humanize } from '@shared/format/shipping-format';

/*
 * Carrier logos are supplied by the shipping assistant, not the integrator (spec § Shipping option: carrier).
 * They live in resources/carriers/<carrier id>.svg, named by the `carrier` field of the options.
 */
const files = import.meta.glob<string>('../../../resources/carriers/*.svg', {
  eager: true,
  query: '?url',
  import: 'default',
});

const LOGOS = new Map(
  Object.entries(files).map(([path, url]) => [path.replace(/^.*\/([^/]+)\.svg$/, '$1'), url]),
);

/** The logo's URL for a carrier id, or undefined when the simulator has none. */
export function carrierLogo(carrier: string | undefined): string | undefined {
  return carrier ? LOGOS.get(carrier.toLowerCase()) : undefined;
}

/** `baltic-express` → `Baltic Express`, for alt text and where no logo exists. */
export function carrierName(carrier: string): string {
  return humanize(carrier)
    .split(' ')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

import type { FieldProblem } from '../schemas/common.schema';
import type { CheckoutOrderCreate } from '../schemas/checkout-order.schema';
import { checkCart } from './order-arithmetic';

/** Rules across fields that a schema cannot say: arithmetic, callback naming, the preselected option. */
export function checkOrderRules(order: CheckoutOrderCreate): FieldProblem[] {
  const problems = checkCart(order);
  const urls = order.merchant_urls;
  if (urls.address_update !== undefined && urls.shipping_address_update !== undefined) {
    problems.push({
      path: 'merchant_urls.shipping_address_update',
      message: 'set address_update or its older name shipping_address_update, never both',
    });
  }
  const options = order.shipping_options;
  if (options && options.length > 0) {
    const pre = options.filter((o) => o.preselected === true).length;
    if (pre !== 1) {
      problems.push({
        path: 'shipping_options',
        message: `exactly one option must be preselected, found ${pre}`,
      });
    }
    const seen = new Set<string>();
    options.forEach((o, i) => {
      if (seen.has(o.id))
        problems.push({ path: `shipping_options[${i}].id`, message: `duplicate id '${o.id}'` });
      seen.add(o.id);
    });
  }
  return problems;
}

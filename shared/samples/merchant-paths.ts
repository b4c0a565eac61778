/** The sample shop's callback paths: the default merchant_urls of an order a scenario creates. */
export const DEFAULT_MERCHANT_PATHS: Record<string, string> = {
  terms: '/terms',
  checkout: '/checkout',
  confirmation: '/confirmation?order_id={checkout.order.id}',
  push: '/kco/push?order_id={checkout.order.id}',
  address_update: '/kco/address_update?order_id={checkout.order.id}',
  country_change: '/kco/country_change?order_id={checkout.order.id}',
  shipping_option_update: '/kco/shipping_option_update?order_id={checkout.order.id}',
  validation: '/kco/validation?order_id={checkout.order.id}',
  notification: '/kco/notification?order_id={checkout.order.id}',
};

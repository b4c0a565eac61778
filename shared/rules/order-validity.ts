/**
 * How long a checkout order stays open: 48 hours after the last merchant update or customer interaction
 * (each moves `expires_at` on); after that it is gone for the customer and the merchant alike.
 */
export const ORDER_VALIDITY_MS = 48 * 3600 * 1000;

// The checkout's arithmetic rules, written out again independently of cart.mjs, for the tests to hold
// the shop's carts against. Returns the list of problems; an empty list means the cart reconciles.

export function cartProblems(cart) {
  const problems = [];
  cart.order_lines.forEach((l, i) => {
    for (const f of ['quantity', 'unit_price', 'tax_rate', 'total_amount', 'total_tax_amount']) {
      if (!Number.isInteger(l[f])) problems.push(`line ${i}: ${f} is not an integer (${l[f]})`);
    }
    const expected = l.quantity * l.unit_price - (l.total_discount_amount ?? 0);
    if (l.total_amount !== expected) problems.push(`line ${i}: total_amount ${l.total_amount} ≠ ${expected}`);
    const tax = l.total_amount - (l.total_amount * 10000) / (10000 + l.tax_rate);
    // The shop promises the rounded value exactly (the checkout would allow ±1).
    if (l.total_tax_amount !== Math.round(tax)) {
      problems.push(`line ${i}: total_tax_amount ${l.total_tax_amount} ≠ round(${tax})`);
    }
  });
  const sum = cart.order_lines.reduce((s, l) => s + l.total_amount, 0);
  const taxSum = cart.order_lines.reduce((s, l) => s + l.total_tax_amount, 0);
  if (cart.order_amount !== sum) problems.push(`order_amount ${cart.order_amount} ≠ Σ ${sum}`);
  if (cart.order_tax_amount !== taxSum)
    problems.push(`order_tax_amount ${cart.order_tax_amount} ≠ Σ ${taxSum}`);
  return problems;
}

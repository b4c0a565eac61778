// The shop's back-office pages, for demos: its own order list and the misbehaviour switches.

import { findMarket, formatMoney } from './catalogue.mjs';
import { html, raw } from './html.mjs';
import { layout } from './pages.mjs';
import { SWITCHES } from './switches.mjs';

/** GET /orders: what the shop knows, and how it learned it (push or confirmation first). */
export function ordersPage(ctx, { orders }) {
  // The amount is in the order's own currency; the market's locale only decides how it is written.
  const money = (o) =>
    formatMoney(o.amount, { locale: findMarket(o.country)?.locale ?? 'en-GB', currency: o.currency });
  const rows = orders.map(
    (o) =>
      html`<tr data-testid="order-row" data-order-id="${o.orderId}">
        <td data-testid="order-number">${o.number}</td>
        <td><code>${o.orderId}</code></td>
        <td class="num">${money(o)}</td>
        <td data-testid="order-learned-via">
          ${o.learnedVia} first${o.pushes ? ` · ${o.pushes} push${o.pushes === 1 ? '' : 'es'}` : ''}
        </td>
        <td data-testid="order-acknowledged">${o.acknowledged ? `yes (${o.acknowledgedVia})` : 'no'}</td>
        <td>${o.fraudStatus ?? '—'}${o.fraudStatus === 'PENDING' ? ' (hold the goods)' : ''}</td>
        <td data-testid="order-shipped">
          ${
            o.shipped
              ? 'shipped, captured'
              : html`<form method="post" action="/orders/ship">
                  <input type="hidden" name="order_id" value="${o.orderId}" /><button type="submit">
                    Ship
                  </button>
                </form>`
          }
        </td>
      </tr>`,
  );
  const main = html`<h1>Orders</h1>
    ${
      orders.length
        ? html`<div class="scroll">
            <table class="orders">
              <thead>
                <tr>
                  <th>Number</th>
                  <th>Checkout order</th>
                  <th class="num">Amount</th>
                  <th>Learned</th>
                  <th>Acknowledged</th>
                  <th>Fraud status</th>
                  <th>Shipping</th>
                </tr>
              </thead>
              <tbody>
                ${rows}
              </tbody>
            </table>
          </div>`
        : html`<p data-testid="orders-empty">No orders yet.</p>`
    }
    <p class="muted">Kept in memory: the list starts empty when the shop starts.</p>`;
  return layout(ctx, { title: 'Orders', main });
}

/** GET /switches: one checkbox per misbehaviour, with what a merchant would see. */
export function switchesPage(ctx, { switches, saved }) {
  const items = SWITCHES.map(
    (s) =>
      html`<li>
        <label
          ><input
            type="checkbox"
            name="${s.key}"
            ${switches[s.key] ? raw('checked') : ''}
            data-testid="switch-${s.key}"
          />
          ${s.label}</label
        >
        <p class="muted">${s.explain}</p>
        ${
          s.key === 'slow'
            ? html`<label class="indent"
                >Delay in seconds
                <input
                  type="number"
                  name="slowSeconds"
                  min="0"
                  max="120"
                  step="any"
                  value="${switches.slowSeconds}"
                  data-testid="switch-slowSeconds"
              /></label>`
            : ''
        }
      </li>`,
  );
  const main = html`<h1>Misbehave</h1>
    <p>
      Make this shop answer the checkout badly on purpose, then watch what the customer and the simulator's
      log show.
    </p>
    ${saved ? html`<p class="notice" role="status" data-testid="switches-saved">Saved.</p>` : ''}
    <form method="post" action="/switches" class="switches">
      <ul>
        ${items}
      </ul>
      <button data-testid="switches-save">Save</button>
    </form>`;
  return layout(ctx, { title: 'Misbehave', main });
}

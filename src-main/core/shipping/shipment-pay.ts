import { INTEGRATOR_MEDIA_TYPES } from '@shared/schemas/integrator.schema';
import type { ShippingState } from '@shared/schemas/shipping-assistant.schema';
import {
  judgeShipmentAnswer,
  shipmentOutcome,
  type ShipmentJudgement,
  type ShipmentOp,
} from '@shared/rules/shipping-conformance-shipment';
import type { Session } from '../checkout/session-state';
import type { StepDraft } from '../checkout/session-state';
import type { PayGoesOn } from '../checkout/shipping-port';
import { SimFailure } from '../errors';
import type { IntegratorTarget } from './assistant-settings';
import { fullRecipient, shipmentRequestBody } from './integrator-request';
import type { OptionsRefresher, ShippingDeps } from './options-refresh';
import { shownTms } from './shipping-state';
import { confirmedOption, selectionOf } from './shown-options';

const outOfOrder = (message: string) => new SimFailure('conflict', 'STEP_OUT_OF_ORDER', message);

/** Called with a confirmed shipment, to keep it for tracking after purchase. */
export type OnConfirmed = (s: Session, doc: unknown) => void;

/**
 * Pay with the assistant on (spec § States and transitions): POST /shipment on the first attempt, PUT
 * /shipment/{id} on later ones. 201/200 with shipment_id and Location confirms; any error restarts the
 * shipping selection with the reason shown (step outcome `rejected`, error_type `shipping_selection_restarted`).
 */
export class ShipmentPay {
  constructor(
    private readonly d: ShippingDeps,
    private readonly refresher: OptionsRefresher,
    private readonly onConfirmed: OnConfirmed,
  ) {}

  async pay(s: Session): Promise<PayGoesOn | { draft: StepDraft }> {
    const sh = s.state.shipping;
    if (!this.d.settings.enabled() || sh?.source !== 'integrator') return { session: s, decorate: (x) => x };
    if (sh.no_options)
      throw outOfOrder(
        'the integrator offers no shipping options for this address: the customer cannot pay (change the address or the cart)',
      );
    const sel = sh.selection;
    const offered = sel ? shownTms(s).find((o) => o.id === sel.id) : undefined;
    if (!sel || !offered)
      throw outOfOrder('no shipping option is selected: run the shipping_option step before paying');
    if (offered.preview)
      throw outOfOrder(
        `option '${offered.id}' is a preview option: enter the address to get valid options, then pick one`,
      );
    const choice = selectionOf(offered, {
      id: sel.id,
      ...(sel.location_id ? { location_id: sel.location_id } : {}),
      ...(sel.timeslot_id ? { timeslot_id: sel.timeslot_id } : {}),
      addons: [
        ...sel.addons.map((a) => ({
          type: a.type,
          data: { text: a.data?.text, selected: a.data?.selected ?? true },
        })),
        // The selection keeps only what the customer chose: an offered add-on not in it was switched off,
        // and must not come back on through its `default` at pay.
        ...(offered.addons ?? [])
          .filter((o) => !o.required && !sel.addons.some((a) => a.type === o.type))
          .map((o) => ({ type: o.type, data: { selected: false } })),
      ],
    });
    const target = this.d.settings.target();
    if ('problem' in target)
      return this.restart(s, sh, `the shipping assistant is not configured: ${target.problem}`, [], false);
    const op: ShipmentOp = sh.shipment ? 'update' : 'create';
    const body = shipmentRequestBody(s.order, sh.session_id, fullRecipient(s.order) ?? {}, choice.request);
    const res = await this.call(target, s, op, body, sh.shipment?.shipment_id);
    const j: ShipmentJudgement = res.ok
      ? res.value
      : { ok: false, reason: res.auth.reason, retry: false, notFound: false, violations: [] };
    if (!j.ok) return this.restart(s, sh, j.reason, res.exchangeIds, j.notFound);
    const at = new Date(this.d.clock.now()).toISOString();
    const shipping: ShippingState = {
      ...sh,
      shipment: {
        shipment_id: j.shipment.shipment_id,
        location: j.location ?? '',
        attempts: (sh.shipment?.attempts ?? 0) + 1,
        confirmed_at: at,
      },
      failure_reason: null,
      updated_at: at,
    };
    const order = { ...s.order, selected_shipping_option: confirmedOption(choice.selected, j.shipment) };
    const session: Session = { ...s, order, state: { ...s.state, shipping } };
    this.onConfirmed(session, j.shipment);
    const verb = op === 'create' ? 'created (POST /shipment)' : 'updated (PUT /shipment)';
    const note = `Shipping assistant: shipment ${j.shipment.shipment_id} ${verb} at the integrator.`;
    return {
      session,
      decorate: (d) => ({
        ...d,
        result: {
          ...d.result,
          exchange_ids: [...res.exchangeIds, ...d.result.exchange_ids],
          notes: [note, ...d.result.notes],
        },
      }),
    };
  }

  private call(target: IntegratorTarget, s: Session, op: ShipmentOp, body: string, id: string | undefined) {
    const ctx = {
      baseUrl: target.baseUrl,
      timeoutMs: target.timeoutMs,
      ...(id !== undefined ? { shipmentId: id } : {}),
    };
    return this.d.caller.call(
      target,
      {
        kind: `shipping.shipment.${op}`,
        orderId: s.order.order_id,
        method: op === 'create' ? 'POST' : 'PUT',
        path: op === 'create' ? '/shipment' : `/shipment/${encodeURIComponent(id!)}`,
        mediaType: INTEGRATOR_MEDIA_TYPES.shipment,
        body,
      },
      (a) => {
        const j = judgeShipmentAnswer(a, op, ctx);
        return {
          outcome: shipmentOutcome(j, op),
          violations: j.violations,
          value: j,
          retry: !j.ok && j.retry,
        };
      },
    );
  }

  /** Any error: the selection starts again with the reason shown; the options are fetched anew. */
  private async restart(
    s: Session,
    sh: ShippingState,
    reason: string,
    ids: string[],
    notFound: boolean,
  ): Promise<{ draft: StepDraft }> {
    const cleared: Session = {
      ...s,
      state: {
        ...s.state,
        // A shipment the integrator does not know is dropped, so the next pay creates one (POST).
        shipping: { ...sh, selection: null, failure_reason: reason, shipment: notFound ? null : sh.shipment },
      },
    };
    const r = await this.refresher.refresh(cleared, true);
    const order = { ...r.session.order };
    delete order.selected_shipping_option;
    const session: Session = {
      ...r.session,
      order,
      state: {
        ...r.session.state,
        shipping: { ...r.session.state.shipping!, selection: null, failure_reason: reason },
      },
    };
    return {
      draft: {
        session,
        accepted: false,
        result: {
          outcome: 'rejected',
          message: `The integrator did not confirm the shipment: the shipping selection restarts and the customer sees “${reason}”; pick an option again and pay.`,
          redirect_url: null,
          error_type: 'shipping_selection_restarted',
          error_text: reason,
          exchange_ids: [...ids, ...r.exchangeIds],
          notes: r.note ? [r.note] : [],
          changes: [],
        },
      },
    };
  }
}

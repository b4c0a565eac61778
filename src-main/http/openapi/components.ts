import type { z } from 'zod';
import { ClockViewSchema, FraudResolveResultSchema } from '@shared/contract/after-purchase-ops';
import { ControlFailureSchema } from '@shared/contract/control';
import * as cb from '@shared/schemas/callbacks.schema';
import * as co from '@shared/schemas/checkout-order.schema';
import { AdvanceResultSchema, ClockAdvanceSchema, ClockSetSchema } from '@shared/schemas/clock.schema';
import * as el from '@shared/schemas/elements.schema';
import {
  ExchangeListSchema,
  ExchangesClearedSchema,
  ExchangeSchema,
  ReplayEditsSchema,
} from '@shared/schemas/exchange.schema';
import * as sim from '@shared/schemas/integrator-sim.schema';
import * as tms from '@shared/schemas/integrator.schema';
import * as ipp from '@shared/schemas/ipp.schema';
import * as omu from '@shared/schemas/om-updates.schema';
import * as om from '@shared/schemas/order-management.schema';
import { PushOverviewSchema, PushTimelineSchema } from '@shared/schemas/push.schema';
import * as step from '@shared/schemas/session.schema';
import * as customer from '@shared/schemas/customer.schema';
import * as faults from '@shared/schemas/merchant-faults.schema';
import { SettingsPatchSchema, SettingsSchema } from '@shared/schemas/settings.schema';
import * as sa from '@shared/schemas/shipping-assistant.schema';
import type { NamedSchema } from './schema-catalog';

const spec = (name: string, schema: z.ZodType): NamedSchema => ({ name, schema });
const own = (name: string, schema: z.ZodType, description: string): NamedSchema => ({
  name,
  schema,
  simDefined: true,
  description,
});

/** The shapes of the real service's APIs and callbacks (GAPS.md and the spec documents). */
const SPEC_COMPONENTS: NamedSchema[] = [
  spec('OrderLine', co.OrderLineSchema),
  spec('Address', co.AddressSchema),
  spec('MerchantUrls', co.MerchantUrlsSchema),
  spec('ShippingOption', co.ShippingOptionSchema),
  spec('CheckoutOrderCreate', co.CheckoutOrderCreateSchema),
  spec('CheckoutOrderUpdate', co.CheckoutOrderUpdateSchema),
  spec('CheckoutOrder', co.CheckoutOrderSchema),
  spec('CheckoutError', co.CheckoutErrorSchema),
  spec('OrderManagementOrder', om.OmOrderSchema),
  spec('Capture', om.CaptureSchema),
  spec('CaptureCreate', om.CaptureCreateSchema),
  spec('Refund', om.RefundSchema),
  spec('RefundCreate', om.RefundCreateSchema),
  spec('MerchantReferences', om.MerchantReferencesSchema),
  spec('ShippingInfo', omu.ShippingInfoSchema),
  spec('UpdateShippingInfo', omu.UpdateShippingInfoSchema),
  spec('UpdateAuthorization', omu.AuthorizationUpdateSchema),
  spec('AddressUpdate', omu.AddressUpdateSchema),
  spec('UpdateCustomerDetails', omu.CustomerDetailsSchema),
  spec('OrderManagementCustomer', omu.OmCustomerSchema),
  spec('ExtendDueDate', omu.ExtendDueDateSchema),
  spec('ExtendDueDateOptions', omu.DueDateOptionsSchema),
  spec('UpdateCallbackBody', cb.UpdateCallbackBodySchema),
  spec('UpdateCallbackAnswer', cb.UpdateCallbackAnswerSchema),
  spec('CallbackRejection', cb.CallbackRejectionSchema),
  spec('NotificationCallback', cb.NotificationCallbackSchema),
  spec('Device', ipp.DeviceSchema),
  spec('DevicePage', ipp.DevicePageSchema),
  spec('DeviceUpdate', ipp.DeviceUpdateSchema),
  spec('IppSession', ipp.SessionSchema),
  spec('IppSessionCreate', ipp.SessionCreateSchema),
  spec('Problem', ipp.ProblemSchema),
  spec('Client', el.ClientSchema),
  spec('ClientPage', el.ClientPageSchema),
  spec('ClientCreate', el.ClientCreateSchema),
  spec('ClientUpdate', el.ClientUpdateSchema),
  spec('Placement', el.PlacementSchema),
  spec('ExpressConfig', el.ExpressConfigSchema),
  spec('AllowedOrigins', el.OriginsBodySchema),
  spec('ElementsError', el.ElementsErrorSchema),
  spec('AuthRequest', tms.AuthRequestSchema),
  spec('AuthResponse', tms.AuthResponseSchema),
  spec('IntegratorFailure', tms.FailureBodySchema),
  spec('Recipient', tms.RecipientSchema),
  spec('IntegratorOrder', tms.IntegratorOrderSchema),
  spec('ShippingOptionsRequest', tms.ShippingOptionsRequestSchema),
  spec('ShippingOptionsResponse', tms.ShippingOptionsResponseSchema),
  spec('IntegratorShippingOption', tms.ShippingOptionSchema),
  spec('Location', tms.LocationSchema),
  spec('Addon', tms.AddonSchema),
  spec('Timeslot', tms.TimeslotSchema),
  spec('SelectedShippingOption', tms.SelectedShippingOptionSchema),
  spec('ShipmentRequest', tms.ShipmentRequestSchema),
  spec('ShipmentResponse', tms.ShipmentResponseSchema),
];

/** Shapes the simulator defines itself: the automation API, its views, the upsell payloads. */
const SIM_COMPONENTS: NamedSchema[] = [
  own('UpsellRequest', cb.UpsellRequestSchema, 'the `upsell` callback request'),
  own('UpsellRecommendations', cb.UpsellRecommendationsSchema, 'the `upsell` callback answer'),
  own('UpsellLines', cb.UpsellLinesSchema, 'the `upsell_validation` and `upsell_notification` request'),
  own('UpsellDenial', cb.UpsellDenialSchema, 'a 4xx answer of `upsell_validation`'),
  own('UpsellAccept', cb.UpsellAcceptSchema, 'the lines the customer adds after the purchase'),
  own('CountryStep', step.CountryStepSchema, 'the customer switches country'),
  own('AddressStep', step.AddressStepSchema, 'the customer enters an address'),
  own('ShippingOptionStep', step.ShippingOptionStepSchema, 'the customer picks a shipping option'),
  own('CompleteStep', step.CompleteStepSchema, 'the customer presses pay'),
  own(
    'StepAnswer',
    customer.StepAnswerSchema,
    'what a customer step did, the order after it and what the customer sees now',
  ),
  own('CustomerView', customer.CustomerViewSchema, 'what the customer sees in the checkout now'),
  own(
    'ControlFailure',
    ControlFailureSchema,
    'the console control API’s refusal: a code, a message, each field’s problem',
  ),
  own('MerchantFaults', faults.MerchantFaultsSchema, 'merchant faults, each switch on or off'),
  own('MerchantFaultsChange', faults.MerchantFaultsInputSchema, 'a new set of merchant faults'),
  own('AppliedFault', faults.AppliedFaultSchema, 'a merchant fault applied to an order'),
  own('OrderMerchantFaults', faults.OrderMerchantFaultsSchema, "an order's merchant faults"),
  own('Exchange', ExchangeSchema, 'one recorded HTTP exchange'),
  own('ExchangeList', ExchangeListSchema, "an order's exchanges, oldest first"),
  own('ExchangesCleared', ExchangesClearedSchema, 'how many exchanges the emptied log held'),
  own('ReplayEdits', ReplayEditsSchema, 'what to change before a recorded exchange is sent again'),
  own('Settings', SettingsSchema, "the simulator's settings"),
  own('SettingsPatch', SettingsPatchSchema, 'a partial update of the settings'),
  own('ClockView', ClockViewSchema, 'the simulator clock and what is due next'),
  own('ClockSet', ClockSetSchema, 'a new mode and/or speed of the clock'),
  own('ClockAdvance', ClockAdvanceSchema, 'how far to advance the clock'),
  own('AdvanceResult', AdvanceResultSchema, 'the clock after advancing and the timers that fired'),
  own('FraudResolve', om.FraudResolveSchema, 'the outcome of a pending fraud review'),
  own('FraudResolveResult', FraudResolveResultSchema, 'the order after the review, and the notification'),
  own('OrderView', om.OmViewSchema, "the order management order and the simulator's state beside it"),
  own('NotificationRecord', om.NotificationRecordSchema, 'one notification sent (or not)'),
  own('OrderHistoryEntry', omu.OmHistoryEntrySchema, 'one change to the order after the purchase'),
  own('CaptureState', omu.CaptureStateSchema, "a capture's due date, its extension and send-outs"),
  own('PushTimeline', PushTimelineSchema, "an order's push plan, attempts and acknowledgement"),
  own('PushOverview', PushOverviewSchema, 'the push plan and the orders awaiting acknowledgement'),
  own('IntegratorFaults', sim.IntegratorFaultsSchema, "the built-in fake integrator's fault switches"),
  own('IntegratorSettingsPatch', sim.IntegratorSettingsPatchSchema, "the fake integrator's settings"),
  own('IntegratorInfo', sim.IntegratorInfoSchema, "the fake integrator's credentials and settings"),
  own('ShippingAssistantSettings', sa.AssistantSettingsViewSchema, "the shipping assistant's settings"),
  own('ShippingAssistantSettingsPatch', sa.AssistantSettingsPatchSchema, 'a partial settings update'),
  own('PickupSearch', sa.PickupSearchInputSchema, 'a pickup location search by postal code'),
  own('PickupSearchResult', sa.PickupSearchResultSchema, 'the locations a search found'),
  own('ShipmentTracking', sa.ShipmentTrackingSchema, "a purchase's shipment and its tracking"),
  own('ConformanceRun', sa.ConformanceInputSchema, 'the integrator to test and its credentials'),
  own('Scorecard', sa.ScorecardSchema, "a conformance run's result, rule by rule"),
  own('ConformanceRunList', sa.ConformanceRunListSchema, 'earlier conformance runs, newest first'),
];

/** Every named component; the documents keep those they use. */
export const COMPONENTS: readonly NamedSchema[] = [...SPEC_COMPONENTS, ...SIM_COMPONENTS];

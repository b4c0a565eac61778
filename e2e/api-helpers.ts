import { expect } from './fixtures';
import { basicAuth } from './helpers';

/** A call to the simulator's merchant-facing API with the default credentials; returns status and JSON. */
export async function callApi(
  api: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: {
      authorization: basicAuth(),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

/** A payment for in-person sessions: two items, 250.00 SEK with 25 % tax. */
export const SAMPLE_PAYMENT = {
  order_amount: 25000,
  order_tax_amount: 5000,
  purchase_currency: 'SEK',
  merchant_reference1: 'till-42',
  order_items: [
    {
      name: 'Coffee beans',
      quantity: 2,
      unit_price: 10000,
      tax_rate: 2500,
      total_amount: 20000,
      total_tax_amount: 4000,
    },
    {
      name: 'Mug',
      quantity: 1,
      unit_price: 5000,
      tax_rate: 2500,
      total_amount: 5000,
      total_tax_amount: 1000,
    },
  ],
};

/** Starts an in-person session on a device the way a point of sale would; returns its id. */
export async function createIppSession(
  api: string,
  deviceId: string,
  payment = SAMPLE_PAYMENT,
): Promise<string> {
  const { status, json } = await callApi(api, 'POST', '/ipp/v1/sessions', {
    device_id: deviceId,
    ...payment,
  });
  expect(status, JSON.stringify(json)).toBe(201);
  return json.session_id as string;
}

/** The session's status as the API reports it. */
export async function ippSessionStatus(api: string, sessionId: string): Promise<unknown> {
  const { status, json } = await callApi(api, 'GET', `/ipp/v1/sessions/${sessionId}`);
  expect(status, JSON.stringify(json)).toBe(200);
  return json.status;
}

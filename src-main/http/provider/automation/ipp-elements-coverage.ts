import type { elementsOps } from '@shared/contract/elements-ops';
import type { ippOps } from '@shared/contract/ipp-ops';
import { ClientCreateSchema, ClientUpdateSchema } from '@shared/schemas/elements.schema';
import { fail } from '../../openapi/responses';
import type { CoverageOf } from './route-table';
import { TAGS } from './route-table';

const DEVICE = '/test_helpers/ipp/devices';
const SESSION = '/test_helpers/ipp/sessions/:session_id';
const CLIENT = '/test_helpers/elements/clients/:client_id';
const NO_CLIENT = fail(404, 'CLIENT_NOT_FOUND');

/** The console's terminals page: devices, sessions and the customer at the terminal. */
export const IPP_COVERAGE: CoverageOf<typeof ippOps> = {
  'ipp.devices.list': {
    method: 'GET',
    path: DEVICE,
    kind: 'test_helpers.ipp.devices.list',
    tag: TAGS.terminals,
    summary: 'Every registered device with the session its terminal shows',
    description: 'the terminals page: each device and its open session (null when idle).',
  },
  'ipp.devices.add': {
    method: 'POST',
    path: DEVICE,
    kind: 'test_helpers.ipp.devices.add',
    status: 201,
    tag: TAGS.terminals,
    summary: 'Add a device (a terminal)',
    description: 'the real service registers devices out of band; the simulator lets you add one.',
    answer: 'The new device',
  },
  'ipp.devices.remove': {
    method: 'DELETE',
    path: `${DEVICE}/:device_id`,
    kind: 'test_helpers.ipp.devices.remove',
    tag: TAGS.terminals,
    summary: 'Deregister a device',
    description: 'as `DELETE /ipp/v1/devices/{id}` does: refused while a session is open on it.',
    errors: [fail(404, 'DEVICE_NOT_FOUND'), fail(409, 'DEVICE_BUSY: a session is open on it')],
  },
  'ipp.sessions.list': {
    method: 'GET',
    path: '/test_helpers/ipp/sessions',
    kind: 'test_helpers.ipp.sessions.list',
    tag: TAGS.terminals,
    summary: 'In-person sessions, newest first, each with its history',
    description: 'of every device, or of `device_id`.',
  },
  'ipp.session.get': {
    method: 'GET',
    path: SESSION,
    kind: 'test_helpers.ipp.session.read',
    tag: TAGS.terminals,
    summary: 'An in-person session with its history',
    description: 'every status it went through, with the terminal action or call that moved it.',
    notFound: { what: 'session', code: 'SESSION_NOT_FOUND' },
  },
  'ipp.terminal.action': {
    method: 'POST',
    path: `${SESSION}/:action`,
    kind: 'test_helpers.ipp.terminal_action',
    optionalBody: true,
    tag: TAGS.terminals,
    summary: 'The customer at the terminal: `tap_card`, `wrong_pin`, `decline` or `walk_away`',
    description:
      'the first action shows the session (CREATED → ACTIVE); `tap_card` pays (FINALIZED, and the session becomes an order in order management), `decline` and the third `wrong_pin` fail it, `walk_away` cancels it. The body is optional: `{"reason": "…"}` says why a card was declined.',
    outcome: (s) => s.status,
    errors: [fail(404, 'SESSION_NOT_FOUND'), fail(409, 'SESSION_NOT_OPEN: the session has finished')],
  },
};

/** The console's elements clients page, with the elements API's own rules and field errors. */
export const ELEMENTS_COVERAGE: CoverageOf<typeof elementsOps> = {
  'elements.clients.list': {
    method: 'GET',
    path: '/test_helpers/elements/clients',
    kind: 'test_helpers.elements.clients.list',
    tag: TAGS.elements,
    summary: 'Every elements client of the merchant',
    description: 'all of them, unpaged (the elements API pages them).',
  },
  'elements.client.get': {
    method: 'GET',
    path: CLIENT,
    kind: 'test_helpers.elements.client.read',
    tag: TAGS.elements,
    summary: 'An elements client',
    description: 'as the elements API answers it.',
    notFound: { what: 'client', code: 'CLIENT_NOT_FOUND' },
  },
  'elements.client.create': {
    method: 'POST',
    path: '/test_helpers/elements/clients',
    kind: 'test_helpers.elements.client.create',
    body: { as: 'body' },
    status: 201,
    tag: TAGS.elements,
    summary: 'Create an elements client',
    description: 'the body as `POST /elements/v1/clients` takes it, checked with the same rules.',
    bodySchema: ClientCreateSchema,
    answer: 'The new client',
  },
  'elements.client.update': {
    method: 'PUT',
    path: CLIENT,
    kind: 'test_helpers.elements.client.update',
    body: { as: 'body' },
    tag: TAGS.elements,
    summary: 'Replace an elements client',
    description: 'the body as `PUT /elements/v1/clients/{client_id}` takes it.',
    bodySchema: ClientUpdateSchema,
    errors: [NO_CLIENT],
  },
  'elements.client.delete': {
    method: 'DELETE',
    path: CLIENT,
    kind: 'test_helpers.elements.client.delete',
    tag: TAGS.elements,
    summary: 'Delete an elements client',
    description: 'answers `{"deleted": true}`.',
    errors: [NO_CLIENT],
  },
  'elements.client.setExpress': {
    method: 'PUT',
    path: `${CLIENT}/express`,
    kind: 'test_helpers.elements.client.express',
    tag: TAGS.elements,
    summary: 'Set (or merge-patch) a placement’s express configuration',
    description:
      '`express_config` replaces the configuration, or with `patch: true` is a JSON merge patch (RFC 7396; null removes it); `placement_key` names the placement (absent: the client’s only one).',
    errors: [NO_CLIENT],
  },
  'elements.client.setOrigins': {
    method: 'PUT',
    path: `${CLIENT}/allowed_origins`,
    kind: 'test_helpers.elements.client.origins',
    tag: TAGS.elements,
    summary: 'Replace or extend a client’s allowed origins',
    description: '`mode`: `replace` (default) or `add` (appended without duplicates).',
    errors: [NO_CLIENT],
  },
};

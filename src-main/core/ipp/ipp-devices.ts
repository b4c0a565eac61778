import { randomUUID } from 'node:crypto';
import { DeviceAddSchema, DeviceUpdateSchema, type Device, type Session } from '@shared/schemas/ipp.schema';
import { toPage, type PageRequest } from '@shared/rules/page-cursor';
import { schemaProblems } from '@shared/rules/schema-problems';
import {
  deleteIppDevice,
  getIppDevice,
  insertIppDevice,
  pageIppDevices,
  updateIppDevice,
  type IppDeviceRow,
} from '../../store/ipp-devices.repo';
import type { Db } from '../../store/db';
import { isoAt, type Clock } from '../clock';
import { SimFailure } from '../errors';
import type { EventBus } from '../events';
import { deviceNotFound, IPP_CODES, validationFailed } from './session-input';

const toDevice = (r: IppDeviceRow): Device => ({
  id: r.id,
  name: r.name,
  platform: r.platform,
  location_id: r.location_id,
  metadata: JSON.parse(r.metadata) as Record<string, unknown>,
});

/** Registered in-person devices: the API's list, update and deregister, and the console's add. */
export class IppDevices {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: EventBus,
    /** The device's open session, expiry applied (from IppSessions). */
    private readonly openSessionOn: (deviceId: string) => Session | undefined,
  ) {}

  page(page: PageRequest): { content: Device[]; page_size: number; next_cursor: string | null } {
    const rows = pageIppDevices(this.db, page.after, page.pageSize + 1);
    const { items, next_cursor } = toPage(
      rows.map((r) => ({ seq: r.seq, item: toDevice(r) })),
      page.pageSize,
    );
    return { content: items, page_size: page.pageSize, next_cursor };
  }

  /** Every device, in registration order (the console's terminal panels). */
  listAll(): Device[] {
    return pageIppDevices(this.db, 0, -1).map(toDevice);
  }

  get(id: string): Device {
    const row = getIppDevice(this.db, id);
    if (!row) throw deviceNotFound(id);
    return toDevice(row);
  }

  /** Registers a device (from the console; the API has no register operation). */
  add(body: unknown): Device {
    const parsed = DeviceAddSchema.safeParse(body);
    if (!parsed.success) throw validationFailed(schemaProblems(parsed.error));
    const d = parsed.data;
    const id = randomUUID();
    insertIppDevice(this.db, {
      id,
      name: d.name,
      platform: d.platform,
      location_id: d.location_id ?? null,
      metadata: JSON.stringify(d.metadata ?? {}),
      created_at: isoAt(this.clock),
    });
    this.events.emit('ipp.device.changed', { device_id: id, change: 'added' });
    return this.get(id);
  }

  /** Replaces name, metadata and location (PUT): a field left out is cleared. */
  update(id: string, body: unknown): Device {
    this.get(id);
    const parsed = DeviceUpdateSchema.safeParse(body);
    if (!parsed.success) throw validationFailed(schemaProblems(parsed.error));
    const d = parsed.data;
    updateIppDevice(this.db, {
      id,
      name: d.name,
      location_id: d.location_id ?? null,
      metadata: JSON.stringify(d.metadata ?? {}),
    });
    this.events.emit('ipp.device.changed', { device_id: id, change: 'updated' });
    return this.get(id);
  }

  /**
   * Deregisters a device. Refused while a session is open on it: the session would be left on a device
   * nobody can reach. Its past sessions stay readable.
   */
  remove(id: string): void {
    this.get(id);
    const open = this.openSessionOn(id);
    if (open) {
      throw new SimFailure(
        'conflict',
        IPP_CODES.deviceBusy,
        `device '${id}' runs session ${open.session_id} (${open.status}); cancel it before deregistering the device`,
      );
    }
    deleteIppDevice(this.db, id);
    this.events.emit('ipp.device.changed', { device_id: id, change: 'removed' });
  }
}

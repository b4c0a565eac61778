import { preparedFor, type Db } from './db';
import { keyedTable } from './keyed-table';

/** A registered in-person device; `metadata` is JSON text. */
export interface IppDeviceRow {
  seq: number;
  id: string;
  name: string;
  platform: string;
  location_id: string | null;
  metadata: string;
  created_at: string;
}

const devices = keyedTable<
  IppDeviceRow,
  'id',
  Exclude<keyof IppDeviceRow, 'seq'>,
  'name' | 'location_id' | 'metadata'
>({
  table: 'ipp_devices',
  key: ['id'],
  insert: ['id', 'name', 'platform', 'location_id', 'metadata', 'created_at'],
  update: ['name', 'location_id', 'metadata'],
});

const s = preparedFor((db: Db) => ({
  page: db.prepare('SELECT * FROM ipp_devices WHERE seq > ? ORDER BY seq LIMIT ?'),
}));

export const insertIppDevice = devices.insert;

/** Replaces name, location and metadata; false when the device is not registered. */
export const updateIppDevice = devices.update;

export const getIppDevice = (db: Db, id: string): IppDeviceRow | undefined => devices.get(db, { id });

export const deleteIppDevice = (db: Db, id: string): boolean => devices.remove(db, { id });

/** Up to `limit` devices after `afterSeq`, in registration order (keyset pagination). */
export function pageIppDevices(db: Db, afterSeq: number, limit: number): IppDeviceRow[] {
  return s(db).page.all(afterSeq, limit) as IppDeviceRow[];
}

import { preparedFor, type Db } from './db';

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

const s = preparedFor((db: Db) => {
  return {
    insert: db.prepare(
      'INSERT INTO ipp_devices (id, name, platform, location_id, metadata, created_at) VALUES (@id, @name, @platform, @location_id, @metadata, @created_at)',
    ),
    update: db.prepare(
      'UPDATE ipp_devices SET name = @name, location_id = @location_id, metadata = @metadata WHERE id = @id',
    ),
    get: db.prepare('SELECT * FROM ipp_devices WHERE id = ?'),
    remove: db.prepare('DELETE FROM ipp_devices WHERE id = ?'),
    page: db.prepare('SELECT * FROM ipp_devices WHERE seq > ? ORDER BY seq LIMIT ?'),
  };
});

export function insertIppDevice(db: Db, row: Omit<IppDeviceRow, 'seq'>): void {
  s(db).insert.run(row);
}

/** Replaces name, location and metadata; false when the device is not registered. */
export function updateIppDevice(
  db: Db,
  row: Pick<IppDeviceRow, 'id' | 'name' | 'location_id' | 'metadata'>,
): boolean {
  return s(db).update.run(row).changes === 1;
}

export function getIppDevice(db: Db, id: string): IppDeviceRow | undefined {
  return s(db).get.get(id) as IppDeviceRow | undefined;
}

export function deleteIppDevice(db: Db, id: string): boolean {
  return s(db).remove.run(id).changes === 1;
}

/** Up to `limit` devices after `afterSeq`, in registration order (keyset pagination). */
export function pageIppDevices(db: Db, afterSeq: number, limit: number): IppDeviceRow[] {
  return s(db).page.all(afterSeq, limit) as IppDeviceRow[];
}

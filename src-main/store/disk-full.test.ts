import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { diskFullMessage, diskFullStartLine, isDiskFull } from './disk-full';

describe('recognising a full disk', () => {
  it("knows SQLite's SQLITE_FULL (a database that may not grow) and the OS's ENOSPC, and nothing else", () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (x TEXT)');
    db.pragma('max_page_count = 2');
    let full: unknown;
    try {
      for (;;) db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(4000));
    } catch (err) {
      full = err;
    }
    db.close();
    expect(isDiskFull(full)).toBe(true);
    expect(isDiskFull(Object.assign(new Error('write'), { code: 'ENOSPC' }))).toBe(true);
    for (const other of [new Error('x'), { code: 'SQLITE_BUSY' }, { code: 'EACCES' }, null, 'SQLITE_FULL'])
      expect(isDiskFull(other)).toBe(false);
  });

  it('says so naming the data folder, and in one line at start-up', () => {
    expect(diskFullMessage('/data/sim')).toMatch(/^the disk holding the data folder \/data\/sim is full/);
    const line = diskFullStartLine('/data/sim');
    expect(line).not.toContain('\n');
    expect(line).toContain('/data/sim');
  });
});

import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { keyedTable } from './keyed-table';

interface Row {
  seq: number;
  id: string;
  owner: string;
  doc: string;
}

const rows = keyedTable<Row, 'id' | 'owner', 'id' | 'owner' | 'doc', 'doc'>({
  table: 'things',
  key: ['id', 'owner'],
  insert: ['id', 'owner', 'doc'],
  update: ['doc'],
});

const db = () => {
  const d = new Database(':memory:');
  d.exec('CREATE TABLE things (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT, owner TEXT, doc TEXT)');
  rows.insert(d, { id: 'a', owner: 'm1', doc: '1' });
  return d;
};

describe('keyedTable', () => {
  it('reads, rewrites and deletes a row by its whole key, and nothing by a part of it', () => {
    const d = db();
    expect(rows.get(d, { id: 'a', owner: 'm1' })).toEqual({ seq: 1, id: 'a', owner: 'm1', doc: '1' });
    expect(rows.get(d, { id: 'a', owner: 'm2' })).toBeUndefined();
    expect(rows.update(d, { id: 'a', owner: 'm2', doc: 'x' })).toBe(false);
    expect(rows.remove(d, { id: 'a', owner: 'm2' })).toBe(false);
    expect(rows.update(d, { id: 'a', owner: 'm1', doc: '2' })).toBe(true);
    expect(rows.get(d, { id: 'a', owner: 'm1' })?.doc).toBe('2');
    expect(rows.remove(d, { id: 'a', owner: 'm1' })).toBe(true);
    expect(rows.get(d, { id: 'a', owner: 'm1' })).toBeUndefined();
  });

  it('rewrites only the update columns', () => {
    const d = db();
    rows.insert(d, { id: 'b', owner: 'm1', doc: '1' });
    rows.update(d, { id: 'a', owner: 'm1', doc: 'new' });
    expect(d.prepare('SELECT id, doc FROM things ORDER BY seq').all()).toEqual([
      { id: 'a', doc: 'new' },
      { id: 'b', doc: '1' },
    ]);
  });
});

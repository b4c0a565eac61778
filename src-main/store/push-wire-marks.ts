import { closeSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import type { Db } from './db';

/**
 * Which claimed push attempts had their request written to the socket: one line per attempt (its
 * seq), appended just before the write, in a file beside simulator.db. A write() to a file is one
 * system call, and what it wrote survives kill -9 (the kernel holds it), where a commit of
 * simulator.db per attempt cost the push timeline a third of its rate (WAL frames and checkpoints).
 * It is emptied whenever no attempt is in flight, so it holds only the attempts of the moment.
 */
export class PushWireMarks {
  private constructor(
    private readonly fd: number,
    private readonly file: string,
  ) {}

  /** The marks file of `db`'s file, or null for a database without a file (in memory). */
  static open(db: Db): PushWireMarks | null {
    const main = db.name;
    if (!main || main === ':memory:') return null;
    const file = `${main}-push-written`;
    return new PushWireMarks(openSync(file, 'a+'), file);
  }

  /** Records that attempt `seq` is written now (throws when the file cannot take it). */
  mark(seq: number): void {
    writeSync(this.fd, `${seq}\n`);
  }

  /** The attempts marked since the file was last emptied. */
  read(): Set<number> {
    const seqs = new Set<number>();
    for (const line of readFileSync(this.file, 'latin1').split('\n')) if (line) seqs.add(Number(line));
    return seqs;
  }

  /** Empties the file: call only when no attempt is claimed or written without its answer stored. */
  clear(): void {
    ftruncateSync(this.fd, 0);
  }

  close(): void {
    closeSync(this.fd);
  }
}

import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * How many PostgreSQL connections a request may use at once, and who gets the next free one.
 *
 * More statements at once than the database has cores only makes each of them slower (they share the CPU), and a
 * save pays that on each of its round trips: at 20 busy users on 2 cores a pool of 10 made an order save wait
 * ~10 turns per statement (docs/performance.md 'Mixed workload'). So the pool is small, and a request that changes
 * data (its HTTP method is not GET or HEAD) takes the next free connection before any read waiting for one: saves
 * are 5 % of requests and each holds its connection for one short transaction. Reads take turns in order.
 */
export class ConnectionGate {
  private free: number;
  private readonly writes: Array<() => void> = [];
  private readonly reads: Array<() => void> = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1)
      throw new Error(`connection gate size must be a positive integer, not ${size}`);
    this.free = size;
  }

  /** Waits for a connection slot (writes first); the returned function gives it back (once). */
  async enter(write = isWriteWork()): Promise<() => void> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((go) => (write ? this.writes : this.reads).push(go));
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const next = this.writes.shift() ?? this.reads.shift();
      if (next) next();
      else this.free++;
    };
  }

  /** Work waiting for a slot (the metrics). */
  get waiting(): number {
    return this.writes.length + this.reads.length;
  }
}

const writeWork = new AsyncLocalStorage<boolean>();

/** Runs `fn` (and all it awaits) as work that changes data or not: its connections are given first or in turn. */
export const runAsWork = <T>(write: boolean, fn: () => T): T => writeWork.run(write, fn);

/** Work outside any request (start-up, migrations, jobs) counts as a write: nothing is ever queued behind it for long. */
export const isWriteWork = () => writeWork.getStore() ?? true;

/** A request changes data unless it is a GET or HEAD. */
export const isWriteMethod = (method: string) => method !== 'GET' && method !== 'HEAD';

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDir, startTime } from '../src/db/client';

// Issue 8 item 7: a stale lock file whose pid now belongs to another process must not block restart.
const dirs: string[] = [];
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'bpm-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('data directory lock', () => {
  it('takes over a lock whose pid now belongs to another (later started) process', () => {
    const dir = fresh();
    // The parent process is alive, but it is not the process that wrote this lock.
    writeFileSync(join(dir, 'server.lock'), JSON.stringify({ pid: process.ppid, start: '1' }));
    const release = lockDir(dir);
    expect(JSON.parse(readFileSync(join(dir, 'server.lock'), 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('refuses a lock held by a running process that wrote it', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'server.lock'), JSON.stringify({ pid: process.ppid, start: startTime(process.ppid) }));
    expect(() => lockDir(dir)).toThrow(/in use by process/);
  });

  it('takes over a lock of a process that is gone', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'server.lock'), '2147483646');
    lockDir(dir)();
  });
});

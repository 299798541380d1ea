import { describe, expect, it } from 'vitest';
import { openDb } from './client.ts';

describe('the embedded database', () => {
  // Zero-filling each new 16 MB WAL segment froze the server's only thread for 200-300 ms in the
  // middle of a flood of shopper events (bench:events-health); the setting must hold. A fresh
  // PGlite runs initdb and every migration, which takes seconds on a busy machine.
  it('starts without zero-filling new WAL segments', async () => {
    const dbh = await openDb({ dataDir: 'memory://' });
    try {
      const { rows } = await dbh.query<{ wal_init_zero: string }>('show wal_init_zero');
      expect(rows[0]!.wal_init_zero).toBe('off');
    } finally {
      await dbh.close();
    }
  }, 120_000);
});

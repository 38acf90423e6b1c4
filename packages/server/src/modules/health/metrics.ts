/**
 * The Prometheus metrics of one app (GET /api/metrics): requests by route pattern, method and status
 * class, the database pool, the mail outbox, and Node's own (event-loop lag, memory, GC) from
 * prom-client's default collectors. Kept only where METRICS_TOKEN is set; each app has its own registry.
 */
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { unixNow } from '../../config';
import { type Db, gateOf } from '../../db/client';
import { outboxBacklog } from '../../platform/mail';

/** Requests that matched no route share one label: raw URLs would make a series per scanned path. */
const UNMATCHED = '(unmatched)';

/** Seconds: from a cached read (ms) to a large export or a PDF (seconds). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The database's connections: PostgreSQL's pool as it stands; the embedded PGlite is one in-process connection. */
function poolMetrics(registry: Registry, db: Db) {
  const client = (db as unknown as { $client?: unknown }).$client;
  const pool = client instanceof pg.Pool ? client : undefined;
  new Gauge({
    name: 'bpm_db_pool_connections',
    help: 'Database connections by state (PostgreSQL pool: total, idle, waiting clients; PGlite: one, total)',
    labelNames: ['driver', 'state'],
    registers: [registry],
    collect() {
      this.reset();
      if (pool) {
        this.set({ driver: 'postgres', state: 'total' }, pool.totalCount);
        this.set({ driver: 'postgres', state: 'idle' }, pool.idleCount);
        // Requests wait at the pool's gate (db/connection-gate.ts), not in the pool.
        this.set({ driver: 'postgres', state: 'waiting' }, (gateOf(pool)?.waiting ?? 0) + pool.waitingCount);
      } else this.set({ driver: 'pglite', state: 'total' }, 1);
    },
  });
  new Gauge({
    name: 'bpm_db_pool_max',
    help: 'Most connections the pool opens (PGlite: 1)',
    registers: [registry],
    collect() {
      this.set(pool ? (pool.options.max ?? 10) : 1);
    },
  });
}

/** The outbox's gauges; the returned function reads the outbox once and sets both (before each scrape). */
function outboxMetrics(app: FastifyInstance, registry: Registry): () => Promise<void> {
  const unsent = new Gauge({
    name: 'bpm_mail_outbox_unsent',
    help: 'Mails in the outbox not sent (no SMTP_URL, or sending failed)',
    registers: [registry],
  });
  const oldest = new Gauge({
    name: 'bpm_mail_outbox_oldest_unsent_age_seconds',
    help: 'Age of the oldest unsent mail in the outbox (0 when none)',
    registers: [registry],
  });
  return async () => {
    const backlog = await outboxBacklog(app.deps.db, unixNow(app.deps.clock));
    unsent.set(backlog.unsent);
    oldest.set(backlog.oldestAge ?? 0);
  };
}

/** The app's metrics: the registry, and what GET /api/metrics calls before reading it. */
export interface AppMetrics {
  registry: Registry;
  /** Reads what is measured by query (the outbox) into its gauges. */
  refresh(): Promise<void>;
}

/** Starts keeping the app's metrics; the registry GET /api/metrics answers from. */
export function startMetrics(app: FastifyInstance): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'bpm_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status class',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'bpm_http_request_duration_seconds',
    help: 'Time from receiving a request to its answer sent, by route pattern, method and status class',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    const labels = {
      method: req.method,
      route: req.routeOptions.url ?? UNMATCHED,
      status_class: `${Math.floor(reply.statusCode / 100)}xx`,
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
  poolMetrics(registry, app.deps.db);
  return { registry, refresh: outboxMetrics(app, registry) };
}

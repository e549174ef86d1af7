/**
 * What operators watch, in Prometheus's text format (prom-client): requests by route and
 * status, their latency and body bytes; the memory budget's use and evictions; the
 * snapshot's version and age; the social cache's age and the upstream's failures; open
 * connections; and prom-client's default process metrics (CPU, memory, event loop lag, GC).
 *
 * Every series' labels have bounded values: a route is its pattern (`/api/spots/:slug`),
 * never the raw path, so a client cannot make new series. Counting a request costs a map
 * lookup: each route's series (its children in prom-client's terms) are found once and kept.
 * What is read rather than counted (the budget's use, ages, connections) is read at scrape time.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** The route label of requests that matched no route (unknown paths, and failures before routing). */
export const UNMATCHED_ROUTE = "unmatched";

/** Where the scrape-time figures come from: the server's current state, which reloads swap. */
export interface MetricsSources {
  memory(): { usedBytes: number; maxBytes: number };
  snapshot(): { version: string; builtAt: string };
  /** When the social feed served now was fetched (ISO 8601); null when nothing is cached. */
  socialFeedFetchedAt(): Promise<string | null>;
  openConnections(): number;
}

/** Latency buckets, in seconds: from a replayed answer (well under a millisecond) to a slow whole map. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** One route's series, kept so that a request does not look them up by labels. */
interface RouteSeries {
  duration: Histogram.Internal<"route">;
  bytes: Counter.Internal;
  byStatus: Map<number, Counter.Internal>;
}

export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<"route" | "status">;
  private readonly duration: Histogram<"route">;
  private readonly bytes: Counter<"route">;
  private readonly routes = new Map<string, RouteSeries>();
  private readonly evictions: Counter;
  private readonly upstreamFailures: Counter;

  constructor(sources: MetricsSources, now: () => Date = () => new Date()) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    // These three are gauges named like counters (promtool rejects them); each is the sum of
    // the series by type beside it (`nodejs_active_handles{type}`), which stay.
    for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"])
      this.registry.removeSingleMetric(name);
    this.requests = new Counter({
      name: "surf_http_requests_total",
      help: "Requests answered, by route pattern and status.",
      labelNames: ["route", "status"],
      registers,
    });
    this.duration = new Histogram({
      name: "surf_http_request_duration_seconds",
      help: "Time from a request's arrival to its answer handed to the socket, by route pattern.",
      labelNames: ["route"],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.bytes = new Counter({
      name: "surf_http_response_body_bytes_total",
      help: "Body bytes of the answers sent (compressed where they were), by route pattern.",
      labelNames: ["route"],
      registers,
    });
    this.evictions = new Counter({
      name: "surf_memory_budget_evictions_total",
      help: "Entries the memory budget (CACHE_MAX_MB) pushed out to make room for newer ones.",
      registers,
    });
    this.upstreamFailures = new Counter({
      name: "surf_social_upstream_failures_total",
      help: "Calls to the social network that failed (each starts or lengthens a backoff).",
      registers,
    });
    new Gauge({
      name: "surf_memory_budget_used_bytes",
      help: "Bytes held by the replay cache and query memos, as their entries declare them.",
      registers,
      collect() {
        this.set(sources.memory().usedBytes);
      },
    });
    new Gauge({
      name: "surf_memory_budget_limit_bytes",
      help: "The memory budget (CACHE_MAX_MB), in bytes.",
      registers,
      collect() {
        this.set(sources.memory().maxBytes);
      },
    });
    new Gauge({
      name: "surf_snapshot_info",
      help: "The snapshot being served: always 1, its version in the label.",
      labelNames: ["version"],
      registers,
      collect() {
        this.reset();
        this.set({ version: sources.snapshot().version }, 1);
      },
    });
    new Gauge({
      name: "surf_snapshot_age_seconds",
      help: "Seconds since the snapshot being served was built.",
      registers,
      collect() {
        this.set(secondsSince(sources.snapshot().builtAt, now()));
      },
    });
    new Gauge({
      name: "surf_social_cache_age_seconds",
      help: "Seconds since the cached social feed was fetched; no series while nothing is cached.",
      labelNames: ["cache"],
      registers,
      async collect() {
        this.reset();
        // A store that cannot be read (Redis down) leaves the series out rather than failing the scrape.
        const fetchedAt = await sources.socialFeedFetchedAt().catch(() => null);
        if (fetchedAt !== null) this.set({ cache: "feed" }, secondsSince(fetchedAt, now()));
      },
    });
    new Gauge({
      name: "surf_http_open_connections",
      help: "Client connections open now.",
      registers,
      collect() {
        this.set(sources.openConnections());
      },
    });
  }

  /** Counts one answered request: its route pattern, status, time in seconds and body bytes. */
  observe(route: string, status: number, seconds: number, bodyBytes: number): void {
    let series = this.routes.get(route);
    if (!series) {
      series = { duration: this.duration.labels(route), bytes: this.bytes.labels(route), byStatus: new Map() };
      this.routes.set(route, series);
    }
    let requests = series.byStatus.get(status);
    if (!requests) {
      requests = this.requests.labels(route, String(status));
      series.byStatus.set(status, requests);
    }
    requests.inc();
    series.duration.observe(seconds);
    if (bodyBytes > 0) series.bytes.inc(bodyBytes);
  }

  countEviction(): void {
    this.evictions.inc();
  }

  countUpstreamFailure(): void {
    this.upstreamFailures.inc();
  }

  /** The scrape: every series in the text format, and its content type. */
  async scrape(): Promise<{ text: string; contentType: string }> {
    return { text: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}

function secondsSince(iso: string, now: Date): number {
  return Math.max(0, (now.getTime() - Date.parse(iso)) / 1000);
}

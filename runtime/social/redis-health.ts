/**
 * Whether Redis can be used now, told once each way: the first failure marks it down
 * and is logged, the first success after that marks it up and is logged; in between,
 * callers do not wait on Redis at all (they use what they last read) while one probe at
 * a time checks whether it is back. So an outage costs one log line, one recovery line,
 * and at most one command timeout per request, not one per command.
 */
export type RedisState = "connecting" | "up" | "down";

export interface RedisHealthOptions {
  location: string;
  log: (message: string) => void;
  /** A cheap command that succeeds only when Redis serves again. */
  probe: () => Promise<unknown>;
  probeEveryMs?: number;
}

const reasonOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

export class RedisHealth {
  private current: RedisState = "connecting";
  private probing: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: RedisHealthOptions) {}

  get state(): RedisState {
    return this.current;
  }

  get usable(): boolean {
    return this.current === "up";
  }

  succeeded(): void {
    if (this.current === "down")
      this.options.log(`the social store ${this.options.location} is reachable again; reading and writing it again`);
    this.current = "up";
    clearTimeout(this.probing);
    this.probing = undefined;
  }

  failed(error: unknown): void {
    if (this.closed || this.current === "down") return;
    this.current = "down";
    this.options.log(
      `the social store ${this.options.location} is unreachable (${reasonOf(error)}); ` +
        "serving the social data last read from it until it is back",
    );
    this.scheduleProbe();
  }

  /** Checks at once (the connection says it is ready again) instead of at the next probe. */
  probeNow(): void {
    if (this.current !== "down") return;
    clearTimeout(this.probing);
    this.probing = undefined;
    this.probe();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.probing);
  }

  private scheduleProbe(): void {
    if (this.closed || this.probing) return;
    this.probing = setTimeout(() => {
      this.probing = undefined;
      this.probe();
    }, this.options.probeEveryMs ?? 250);
    this.probing.unref();
  }

  private probe(): void {
    this.options.probe().then(
      () => this.succeeded(),
      () => this.scheduleProbe(),
    );
  }
}

/** One call at a time per key: callers that arrive while it runs share its promise. */
export class SingleFlight<T> {
  private readonly running = new Map<string, Promise<T>>();

  run(key: string, call: () => Promise<T>): Promise<T> {
    const current = this.running.get(key);
    if (current) return current;
    const started = call().finally(() => this.running.delete(key));
    this.running.set(key, started);
    return started;
  }
}

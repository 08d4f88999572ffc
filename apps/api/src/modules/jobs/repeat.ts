/**
 * Runs a unit of background work again and again: `intervalMs` after each run ends, or at once when
 * the run reports that more work is waiting. Runs never overlap; an error is reported and the loop
 * goes on. `stop()` cancels the next run and waits for the current one to finish.
 */
export class RepeatingTask {
  #timer: NodeJS.Timeout | undefined;
  #current: Promise<void> | undefined;
  #stopped = true;

  constructor(
    /** One run; resolve `true` when more work is waiting (the next run starts at once). */
    private readonly run: () => Promise<boolean>,
    private readonly onError: (error: unknown) => void,
  ) {}

  get running(): boolean {
    return !this.#stopped;
  }

  start(intervalMs: number): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#schedule(0, intervalMs);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#current;
  }

  #schedule(delayMs: number, intervalMs: number) {
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#current = this.#tick(intervalMs);
    }, delayMs);
    // Background work alone never keeps the process alive.
    this.#timer.unref();
  }

  async #tick(intervalMs: number) {
    let more = false;
    try {
      more = await this.run();
    } catch (error) {
      this.onError(error);
    }
    this.#current = undefined;
    if (!this.#stopped) this.#schedule(more ? 0 : intervalMs, intervalMs);
  }
}

import { Logger } from '@nestjs/common';
import { randomInt } from 'node:crypto';

/**
 * A background job run every `intervalMs`, the first time at a random moment within the first
 * interval, so instances started together spread out. A run that fails is logged as a warning
 * and the next one still comes; the timer does not keep the process alive. `stop()` ends the
 * schedule and waits for a run under way.
 */
export class RepeatingJob {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(
    /** What a run does, for the warning ("sweeping expired idempotency keys"). */
    private readonly what: string,
    private readonly intervalMs: number,
    private readonly run: () => Promise<void>,
    private readonly logger: Logger,
  ) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  start(): void {
    this.schedule(randomInt(this.intervalMs));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.run()
        .catch((error: unknown) => {
          if (this.stopped) return;
          const reason = error instanceof Error ? error.message : String(error);
          this.logger.warn(
            `${this.what} failed (next try in ${duration(this.intervalMs)}): ${reason}`,
          );
        })
        .finally(() => this.schedule(this.intervalMs));
    }, delayMs);
    this.timer.unref();
  }
}

function duration(ms: number): string {
  return ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`;
}

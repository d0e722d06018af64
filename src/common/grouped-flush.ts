/**
 * Gathers what concurrent callers add and writes it in one go, one flush at a time: what is
 * added while a flush runs goes into the next. Each caller waits for the flush that holds its
 * part (as a commit waits for its group's log write) and gets that flush's error if it fails.
 *
 * For writes many requests share, where one statement per request would have each wait for
 * the rows the one before it locked.
 */
export class GroupedFlush<Part> {
  private parts: Part[] = [];
  private waiting: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  private running = false;

  constructor(private readonly flush: (parts: Part[]) => Promise<void>) {}

  add(part: Part): Promise<void> {
    this.parts.push(part);
    const written = new Promise<void>((resolve, reject) => this.waiting.push({ resolve, reject }));
    if (!this.running) void this.drain();
    return written;
  }

  private async drain(): Promise<void> {
    this.running = true;
    while (this.parts.length > 0) {
      const parts = this.parts;
      const waiting = this.waiting;
      this.parts = [];
      this.waiting = [];
      try {
        await this.flush(parts);
        for (const caller of waiting) caller.resolve();
      } catch (error) {
        for (const caller of waiting) caller.reject(error);
      }
    }
    this.running = false;
  }
}

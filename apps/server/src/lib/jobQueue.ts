/**
 * A small bounded queue for CPU-heavy work on libuv's thread pool (image decoding). Running at most
 * `concurrency` jobs leaves threads free for password hashing, so sign-in stays responsive while images are
 * processed; refusing beyond `maxWaiting` turns overload into a clear "busy" answer instead of a growing backlog.
 */
export class BusyError extends Error {}

export class JobQueue {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** The most jobs ever seen running at once (for tests and metrics). */
  peakActive = 0;

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new BusyError('queue full');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.active += 1;
    this.peakActive = Math.max(this.peakActive, this.active);
    try {
      return await job();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }
}

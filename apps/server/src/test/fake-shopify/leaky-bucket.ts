/** What Shopify reports in `extensions.cost.throttleStatus`. */
export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

/**
 * Shopify's GraphQL rate limit: a bucket of points per app and shop that refills at
 * `restoreRate` points a second up to `maximumAvailable`. A query takes its requested cost up
 * front and gets back what it did not use once its actual cost is known.
 */
export class LeakyBucket {
  private level: number;
  private at: number;

  constructor(
    private maximum: number,
    private rate: number,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.level = maximum;
    this.at = clock();
  }

  private refill(): void {
    const now = this.clock();
    this.level = Math.min(this.maximum, this.level + ((now - this.at) / 1000) * this.rate);
    this.at = now;
  }

  /** Takes `points` if the bucket holds them; false (nothing taken) when it does not. */
  take(points: number): boolean {
    this.refill();
    if (points > this.level) return false;
    this.level -= points;
    return true;
  }

  give(points: number): void {
    this.refill();
    this.level = Math.min(this.maximum, this.level + Math.max(0, points));
  }

  /** New limits; the bucket starts full (as a shop whose plan changed). */
  configure(maximum: number, rate: number): void {
    this.maximum = maximum;
    this.rate = rate;
    this.level = maximum;
    this.at = this.clock();
  }

  /** Empties the bucket, as a burst of other calls from the same app would. */
  drain(): void {
    this.refill();
    this.level = 0;
  }

  status(): ThrottleStatus {
    this.refill();
    // Shopify reports whole points.
    return { maximumAvailable: this.maximum, currentlyAvailable: Math.floor(this.level), restoreRate: this.rate };
  }
}

/**
 * A map that holds at most `capacityBytes` of its values' estimated sizes (`sizeOf`), the least
 * recently set leaving first: what a process may remember to save statements, bounded by the
 * memory it takes rather than by a count of entries of any size.
 */
export class MemoryBoundedMap<K, V> {
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private bytes = 0;

  constructor(
    private readonly capacityBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const bytes = this.sizeOf(value);
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    while (this.bytes > this.capacityBytes) {
      const [oldest] = this.entries.keys();
      this.delete(oldest);
    }
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** The estimated bytes held. */
  get size(): number {
    return this.bytes;
  }
}

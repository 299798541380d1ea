/**
 * One kind of record (customers, orders, products) as the fake keeps it. The id is the position
 * plus one, so a page that starts after an id starts at that index: paging a store of 500,000
 * orders costs one page, not a search. Seeded records are not kept: `seed(count, make)` makes
 * record `i` from its index whenever it is read, so a benchmark store holds only the records a
 * test added or changed.
 */
export class RecordTable<T extends { id: number }> {
  private seeded = 0;
  private make: (index: number) => T = () => {
    throw new Error('fake Shopify: no seeded records');
  };
  private readonly changed = new Map<number, T>();
  private readonly added: T[] = [];
  /** Bumped on every write, so a cache built from the records (an index by customer) knows it is stale. */
  version = 0;

  get size(): number {
    return this.seeded + this.added.length;
  }

  /** Record number `count` of `make(0 … count-1)`; `make(i)` must return the same record every time (id = i + 1). */
  seed(count: number, make: (index: number) => T): void {
    if (this.size > 0) throw new Error('fake Shopify: seed an empty table');
    this.seeded = count;
    this.make = make;
    this.version++;
  }

  /** The record at a 0-based position. */
  at(index: number): T | undefined {
    if (index < 0 || index >= this.size) return undefined;
    if (index >= this.seeded) return this.added[index - this.seeded];
    return this.changed.get(index) ?? this.make(index);
  }

  get(id: number): T | undefined {
    return Number.isInteger(id) ? this.at(id - 1) : undefined;
  }

  /** Adds a record with the next id. */
  add(fields: Omit<T, 'id'>): T {
    const record = { ...fields, id: this.size + 1 } as T;
    this.added.push(record);
    this.version++;
    return record;
  }

  /** Replaces the record with the same id (a change made in the shop's admin, say). */
  put(record: T): T {
    const index = record.id - 1;
    if (!this.at(index)) throw new Error(`fake Shopify: no record ${record.id}`);
    if (index >= this.seeded) this.added[index - this.seeded] = record;
    else this.changed.set(index, record);
    this.version++;
    return record;
  }

  /** Changes some fields of a record. */
  update(id: number, change: Partial<Omit<T, 'id'>>): T {
    const current = this.get(id);
    if (!current) throw new Error(`fake Shopify: no record ${id}`);
    return this.put({ ...current, ...change });
  }

  *[Symbol.iterator](): IterableIterator<T> {
    for (let i = 0; i < this.size; i++) yield this.at(i) as T;
  }
}

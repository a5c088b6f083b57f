/** A modal fragment as the server answered it. */
export interface FragmentReply {
  ok: boolean;
  status: number;
  html: string;
}

/** What {@link FragmentCache} needs from its surroundings (injected, so it is unit-tested in node). */
export interface FragmentCacheOptions {
  /** GETs the fragment; rejects only on a network failure. */
  load(url: string): Promise<FragmentReply>;
  /** Milliseconds during which a fragment fetched ahead may still be shown. */
  ttlMs: number;
  /** Clock (ms). */
  now?: () => number;
}

interface Entry {
  reply: Promise<FragmentReply>;
  generation: number;
  startedAt: number;
}

/**
 * Fragments fetched ahead of a click (the pointer resting on a modal link, a press, the focus),
 * each used once: the click takes it, so closing and reopening a modal asks the server again.
 * Any state change (a form sent, a POST) drops every entry, those still in flight included, so a
 * fragment fetched before a save is never shown after it.
 */
export class FragmentCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: FragmentCacheOptions) {
    this.now = options.now ?? (() => Date.now());
  }

  private fresh(entry: Entry | undefined): entry is Entry {
    return !!entry && entry.generation === this.generation && this.now() - entry.startedAt <= this.options.ttlMs;
  }

  /** Starts fetching `url` unless a fresh fetch of it is already there; returns that fetch. */
  prefetch(url: string): Promise<FragmentReply> {
    const existing = this.entries.get(url);
    if (this.fresh(existing)) return existing.reply;
    for (const [key, entry] of this.entries) if (!this.fresh(entry)) this.entries.delete(key);
    const reply = this.options.load(url);
    // Nobody may ever take it: a failure must not surface as an unhandled rejection.
    reply.catch(() => undefined);
    this.entries.set(url, { reply, generation: this.generation, startedAt: this.now() });
    return reply;
  }

  /**
   * The fragment for a click on `url`: the fetch started ahead when it is still fresh (it may
   * still be running), else a new one. A fetch ahead that failed on the network is retried once.
   */
  take(url: string): Promise<FragmentReply> {
    const entry = this.entries.get(url);
    this.entries.delete(url);
    if (!this.fresh(entry)) return this.options.load(url);
    return entry.reply.catch(() => this.options.load(url));
  }

  /** Something changed on the server: nothing fetched until now may be shown. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Number of entries kept (tests). */
  get size(): number {
    return this.entries.size;
  }
}

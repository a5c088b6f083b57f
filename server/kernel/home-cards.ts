import type { Request } from 'express';
import { extensionPoint } from './extension';
import { can } from './rights/registry';

/** One line of a home card: what to look at, and where to do it. */
export interface HomeItem {
  label: string;
  detail?: string;
  url?: string;
  /** A short state beside the line (late, expiring ...). */
  badge?: { text: string; tone: 'danger' | 'warning' | 'info' | 'success' | 'secondary' };
}

/** What a card shows: how many things wait in all, and the first few of them. */
export interface HomeCardData {
  count: number;
  items: HomeItem[];
}

/**
 * A card of the home page listing what waits for the user in one module (leave to validate, tasks,
 * formations to renew ...). Registered by the module that owns the data, so the home page never has
 * to know every module.
 */
export interface HomeCard {
  /** Stable key, also the card's `data-testid` suffix. */
  key: string;
  order: number;
  titleKey: string;
  /** bootstrap-icons name. */
  icon: string;
  /** The named right the user needs for the card to show. */
  right: string;
  /** A feature toggle that must not be off. */
  toggle?: string;
  /** Translation key of the empty state (nothing waits). */
  emptyKey: string;
  /** Where "see all" leads. */
  moreUrl(req: Request): string;
  load(req: Request): Promise<HomeCardData>;
}

/** How many lines a card shows at most. */
export const HOME_CARD_ITEMS = 5;

const cards = new Map<string, HomeCard>();

/** Adds a home card (once per key): through {@link homeCards} in a module's `contributes`, or directly in tests. */
export function registerHomeCard(card: HomeCard): void {
  if (cards.has(card.key)) throw new Error(`Carte d'accueil déjà déclarée : ${card.key}`);
  cards.set(card.key, card);
}

/** The cards of the home page: a module contributes its own (`contribute(homeCards, myCard)`). */
export const homeCards = extensionPoint<HomeCard>('home:cards', registerHomeCard);

/** The cards the request's user sees, in order: right held, toggle not off. */
export function homeCardsFor(req: Request, toggles: Record<string, boolean> = {}): HomeCard[] {
  return [...cards.values()]
    .filter((c) => can(req.authUser, c.right) && (!c.toggle || toggles[c.toggle] !== false))
    .sort((a, b) => a.order - b.order || a.key.localeCompare(b.key));
}

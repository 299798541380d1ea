import type { ComponentType } from 'react';
import type { RouteAccess } from './access/decide-access.ts';
import type { MenuRule } from './menu/menu-visibility.ts';
import type { TranslationKey } from '../shared/i18n/translation-key.ts';

/**
 * The shapes the route table, the router and the shell around them share. They sit apart from
 * all three, and import none of them, so no file of the shell has to import the router back.
 */
export type LayoutKind = 'main' | 'edit' | 'standalone';

export interface AppRoute {
  /** Path relative to the parent ("dashboard", "goals"); top-level paths have no slash. */
  path: string;
  /** i18n key of the page title (document title, section tabs, menu). */
  titleKey: TranslationKey;
  /** Defaults to the parent's, and to 'signed-in' at the top. */
  access?: RouteAccess;
  /** Top-level routes only: which frame the page renders in. */
  layout?: LayoutKind;
  /** Top-bar menu entry, with its order and visibility rule. */
  menu?: { order: number; visible: MenuRule };
  page?: ComponentType;
  /** Child path the route's index redirects to (/dashboard -> goals). */
  redirectTo?: string;
  /** Children shown as tabs under the section's title. */
  children?: AppRoute[];
  /**
   * Full pages only: where the close icon leads when there is no step to go back to, when the
   * nearest enclosing route is not the page that opens this one (it may only redirect elsewhere).
   * A child without one takes its section's.
   */
  parent?: string;
  /** data-testid stem for the menu entry and section tab. */
  testId?: string;
  /**
   * Only the store's owner uses the page (billing, access management): a manager's section
   * tabs leave it out, and a manager who opens it anyway reads why instead of failing calls.
   */
  ownerOnly?: boolean;
}

/** What the guard and the title read from the matched route. access null = unknown path. */
export interface RouteHandle {
  access: RouteAccess | null;
  titleKey?: TranslationKey;
  ownerOnly?: boolean;
}

/**
 * Help articles are kept as data, one small block language instead of HTML: the admin renders
 * them with its own components, so no markup from a string ever reaches the page, and the same
 * structure in both languages can be checked by a test.
 */
export type HelpBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'steps'; items: string[] }
  | { kind: 'list'; items: string[] }
  /** A table whose cells are shown as code (DNS records, column names). */
  | { kind: 'records'; columns: string[]; rows: string[][] }
  | { kind: 'tip'; text: string }
  /** A button to the admin page the article talks about. */
  | { kind: 'open'; to: string; text: string };

export interface HelpArticle {
  /** Part of the address: /help/<slug>. */
  slug: string;
  title: string;
  /** One line under the title in the article list. */
  summary: string;
  blocks: HelpBlock[];
}

export const heading = (text: string): HelpBlock => ({ kind: 'heading', text });
export const paragraph = (text: string): HelpBlock => ({ kind: 'paragraph', text });
export const steps = (...items: string[]): HelpBlock => ({ kind: 'steps', items });
export const list = (...items: string[]): HelpBlock => ({ kind: 'list', items });
export const records = (columns: string[], rows: string[][]): HelpBlock => ({ kind: 'records', columns, rows });
export const tip = (text: string): HelpBlock => ({ kind: 'tip', text });
export const open = (to: string, text: string): HelpBlock => ({ kind: 'open', to, text });

import type { Locale } from '@storecast/contract';
import { useTranslation } from 'react-i18next';
import { articlesEnUS } from './articles/en-US.ts';
import { articlesZhCN } from './articles/zh-CN.ts';
import type { HelpArticle } from './help-article.ts';

export const helpArticles: Record<Locale, HelpArticle[]> = { 'zh-CN': articlesZhCN, 'en-US': articlesEnUS };

/** The help articles in the admin's language. */
export function useArticles(): HelpArticle[] {
  const { i18n } = useTranslation();
  return helpArticles[i18n.language as Locale] ?? articlesZhCN;
}

import { describe, expect, it } from 'vitest';
import { htmlToText } from './html-to-text.ts';
import { sanitizeTextHtml } from './sanitize-text-html.ts';

describe('htmlToText', () => {
  it('turns paragraphs, line breaks, lists and links of sanitised HTML into readable text', () => {
    const html = sanitizeTextHtml(
      '<p>Tea &amp; cakes &lt;today&gt;<br>only</p><ul><li>Green</li><li><a href="https://a.example/?x=1&amp;y=2">Black</a></li></ul><p><a href="/nowhere">plain</a>&nbsp;end</p>',
    );
    const text = htmlToText(html, (href) => (href.startsWith('https:') ? `LINK:${href}` : null));
    expect(text).toBe('Tea & cakes <today>\nonly\n- Green\n- Black (LINK:https://a.example/?x=1&y=2)\n\nplain end');
  });
});

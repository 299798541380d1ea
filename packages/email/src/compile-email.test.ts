import { describe, expect, it } from 'vitest';
import { compileEmail } from './compile-email.ts';
import { EmailDocError } from './parse-email-doc.ts';
import { renderPreview } from './render-preview.ts';
import { context, doc, fullDoc, hooks } from './test-fixtures.ts';

describe('compileEmail: blocks and style', () => {
  it('renders every block type', async () => {
    const compiled = await compileEmail(fullDoc, context());
    const { html } = compiled.personalize({ first_name: 'Mei' }, hooks);
    expect(html).toContain('src="https://cdn.example.com/logo.jpg"'); // header logo
    expect(html).toContain('Hi Mei, our <a href="https://mail.example.com/c/tok/1"'); // text
    expect(html).toContain('src="https://cdn.example.com/banner.jpg"'); // image
    expect(html).toContain('alt="Spring banner"');
    expect(html).toContain('width="480"'); // 80 % of 600 px
    expect(html).toContain('Shop Mei'); // button
    expect(html).toContain('Longjing');
    expect(html).toContain('$18.00');
    expect(html).toContain('src="https://cdn.example.com/puerh.jpg"'); // products
    expect(html).toContain('Use code');
    expect(html).toContain('SPRING15');
    expect(html).toContain('15% off');
    expect(html).toContain('Valid until May'); // coupon
    expect(html).toMatch(/border-top:\s*solid 1px #888888/); // divider
    expect(html).toContain('>Instagram</a>');
    expect(html).toContain('>WeChat</a>'); // social
    expect(html).toContain('1 Leaf Road, Hangzhou');
    expect(html).toContain('See you Mei'); // footer
    expect(html).toContain('<title>Hello Mei</title>');
    expect(html).toContain('New teas for Mei'); // preheader
    expect(html).not.toMatch(/zq[0-9a-f]{12}q/); // no token left behind
  });

  it('falls back to the store name when the style has no logo, and skips social without links', async () => {
    const style = { ...context().style, logo_url: '', social_links: [] };
    const { html } = (await compileEmail(fullDoc, context({ style }))).personalize({}, hooks);
    expect(html).toContain('>Tea &amp; Co</a>');
    expect(html).not.toContain('>Instagram<');
  });

  it('applies the style: font stack, button colours, content colour, readable text colour', async () => {
    const { html } = (await compileEmail(fullDoc, context())).personalize({}, hooks);
    expect(html).toContain('font-family:Georgia, serif');
    expect(html).toMatch(/background:#d4380d;color:#fffbe6/);
    expect(html).toContain('background-color:#fafafa');
    expect(html).toContain('color:#333333');

    const dark = { ...context().style, content_color: '#141414', font: 'PingFang SC' };
    const darkHtml = (await compileEmail(fullDoc, context({ style: dark }))).personalize({}, hooks).html;
    expect(darkHtml).toContain('background-color:#141414');
    expect(darkHtml).toContain('color:#f5f5f5');
    expect(darkHtml).toContain("font-family:'PingFang SC', 'Microsoft YaHei', 'Noto Sans SC', sans-serif");
  });

  it('writes the fixed texts in the e-mail language', async () => {
    const { html, text } = (await compileEmail(fullDoc, context({ locale: 'zh-CN' }))).personalize({}, hooks);
    for (const words of ['使用优惠码', '立减 15%', '退订', '微信', '立即购买', 'lang="zh-CN"']) expect(html).toContain(words);
    expect(html).not.toContain('Unsubscribe');
    expect(text).toContain('退订: https://mail.example.com/u/tok?x=1&y=2');
  });
});

describe('compileEmail: links', () => {
  const utm = { source: 'storecast', medium: 'email', campaign: 'spring sale' };

  it('adds UTM to every http(s) content link and keeps existing query strings', async () => {
    const { links } = await compileEmail(fullDoc, context({ utm }));
    const tail = 'utm_source=storecast&utm_medium=email&utm_campaign=spring%20sale';
    expect(links).toEqual([
      `https://tea.example.com/?${tail}`,
      `https://tea.example.com/green?sort=new&${tail}`,
      `https://tea.example.com/spring?${tail}`,
      `https://tea.example.com/shop?${tail}`,
      `https://tea.example.com/p/longjing?${tail}`,
      `https://tea.example.com/p/puerh?${tail}`,
      `https://instagram.com/shop?${tail}`,
      `https://weixin.qq.com/shop?${tail}`,
    ]);
  });

  it('leaves links alone without UTM and keeps mailto links out of tracking', async () => {
    const d = doc({ type: 'text', id: 't', align: 'left', html: '<p><a href="https://a.example/x?q=1#top">a</a> <a href="mailto:help@tea.example.com">mail us</a></p>' });
    const compiled = await compileEmail(d, context());
    expect(compiled.links).toEqual(['https://a.example/x?q=1#top']);
    const { html, text } = compiled.personalize({}, hooks);
    expect(html).toContain('href="mailto:help@tea.example.com"');
    expect(text).toContain('mail us (help@tea.example.com)');
  });

  it('deduplicates destinations and keeps indices stable', async () => {
    const d = doc(
      { type: 'button', id: 'b1', text: 'One', href: 'https://tea.example.com/a', align: 'center' },
      { type: 'text', id: 't', align: 'left', html: '<p><a href="https://tea.example.com/b">b</a> <a href="https://tea.example.com/a">a again</a></p>' },
      { type: 'button', id: 'b2', text: 'Two', href: 'https://tea.example.com/b', align: 'center' },
    );
    const first = await compileEmail(d, context());
    const second = await compileEmail(d, context());
    expect(first.links).toEqual(['https://tea.example.com/a', 'https://tea.example.com/b']);
    expect(second.links).toEqual(first.links);
    const asked: number[] = [];
    const { html } = first.personalize({}, { ...hooks, linkUrl: (i) => (asked.push(i), `https://t.example/${i}`) });
    expect(asked).toEqual([0, 1]); // each link resolved once per recipient
    expect(html.match(/href="https:\/\/t\.example\/0"/g)?.length).toBeGreaterThanOrEqual(2);
    expect(html.match(/href="https:\/\/t\.example\/1"/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it('puts the unsubscribe link in the footer, escaped, and in the text', async () => {
    const { html, text } = (await compileEmail(fullDoc, context())).personalize({}, hooks);
    expect(html).toContain('<a href="https://mail.example.com/u/tok?x=1&amp;y=2" style="color:#888888;text-decoration:underline">Unsubscribe</a>');
    expect(text).toContain('Unsubscribe: https://mail.example.com/u/tok?x=1&y=2');
  });

  it('prints the store\'s name and postal address in every footer, in the HTML and the text', async () => {
    const store = { name: 'Tea & Co', homepageUrl: 'https://tea.example.com', address: '8 Dragon Well Lane\nHangzhou 310000 <CN>' };
    // A footer whose own text and address say nothing about the store still carries both.
    const bare = { version: 1 as const, blocks: [{ type: 'footer' as const, id: 'f', text: 'Thanks for reading', address: '' }] };
    for (const d of [bare, fullDoc]) {
      const { html, text } = (await compileEmail(d, context({ store }))).personalize({}, hooks);
      expect(html).toContain('Tea &amp; Co<br />8 Dragon Well Lane<br />Hangzhou 310000 &lt;CN&gt;');
      expect(text).toContain('Tea & Co\n8 Dragon Well Lane\nHangzhou 310000 <CN>');
      // The store's address replaces the one typed into the block.
      expect(html).not.toContain('1 Leaf Road');
    }
    // Without a store address the name is still there, and an address typed into the block stands in.
    const noAddress = (await compileEmail(bare, context())).personalize({}, hooks);
    expect(noAddress.html).toContain('Tea &amp; Co<br />');
    expect(noAddress.text).toMatch(/^Tea & Co$/m);
    expect((await compileEmail(fullDoc, context())).personalize({}, hooks).text).toContain('Tea & Co\n1 Leaf Road, Hangzhou');
  });

  it('appends the open pixel at the end of the body, or none', async () => {
    const compiled = await compileEmail(fullDoc, context());
    const withPixel = compiled.personalize({}, hooks).html;
    const pixel = '<img src="https://mail.example.com/o/tok" width="1" height="1"';
    expect(withPixel).toContain(pixel);
    expect(withPixel.indexOf(pixel)).toBeGreaterThan(withPixel.indexOf('Unsubscribe'));
    expect(withPixel.indexOf(pixel)).toBeLessThan(withPixel.indexOf('</body>'));
    const without = compiled.personalize({}, { ...hooks, openPixelUrl: null }).html;
    expect(without).not.toContain('mail.example.com/o/');
    expect(compiled.personalize({}, hooks).text).not.toContain('mail.example.com/o/');
  });

  it('writes a plain-text version with every link', async () => {
    const compiled = await compileEmail(fullDoc, context());
    const { text } = compiled.personalize({ first_name: 'Mei' }, hooks);
    expect(text).toContain('Hi Mei, our green teas (https://mail.example.com/c/tok/1) are in.');
    expect(text).toContain('Shop Mei: https://mail.example.com/c/tok/3');
    expect(text).toContain('Use code: SPRING15');
    for (let i = 0; i < compiled.links.length; i++) expect(text).toContain(`https://mail.example.com/c/tok/${i}`);
    expect(text).not.toMatch(/<[a-z]/i);
  });
});

describe('compileEmail: personalisation', () => {
  it('fills fields, uses fallbacks for empty values, and escapes values', async () => {
    const compiled = await compileEmail(fullDoc, context({ subject: '{{first_name|Friend}}, {{store_name}} picks', preheader: 'For {{email}}' }));
    const named = compiled.personalize({ first_name: '  Mei ', email: 'mei@example.com' }, hooks);
    expect(named.subject).toBe('Mei, Tea & Co picks');
    expect(named.html).toContain('For mei@example.com');
    const blank = compiled.personalize({ first_name: '   ', email: null }, hooks);
    expect(blank.subject).toBe('Friend, Tea & Co picks');
    expect(blank.html).toContain('Hi friend, our');
    expect(blank.html).toContain('Shop now');
    expect(blank.html).toMatch(/For\s*<\/div>/); // no fallback: empty

    const evil = compiled.personalize({ first_name: '<script>alert(1)</script>' }, hooks);
    expect(evil.html).not.toContain('<script>alert(1)</script>');
    expect(evil.html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;, our');
    expect(evil.text).toContain('Hi <script>alert(1)</script>, our'); // plain text needs no escaping
    expect(evil.subject).toBe('<script>alert(1)</script>, Tea & Co picks');
  });

  it('never re-reads a value as a field or a slot, and keeps the subject on one line', async () => {
    const compiled = await compileEmail(fullDoc, context());
    const out = compiled.personalize({ first_name: '{{last_name}}\r\nBcc: x@evil.example', last_name: 'Wang' }, hooks);
    expect(out.subject).toBe('Hello {{last_name}} Bcc: x@evil.example');
    expect(out.html).toContain('Hi {{last_name}}');
    expect(out.html).not.toContain('Wang');
  });

  it('keeps unknown fields as written and warns about them', async () => {
    const compiled = await compileEmail(doc({ type: 'text', id: 't', align: 'left', html: '<p>Hi {{frist_name|you}}</p>' }), context());
    expect(compiled.warnings).toEqual(['errors.content.unknownField']);
    expect(compiled.personalize({ first_name: 'Mei' }, hooks).html).toContain('Hi {{frist_name|you}}');
  });

  it('escapes fallbacks written in the text blocks', async () => {
    const d = doc({ type: 'text', id: 't', align: 'left', html: '<p>Dear {{first_name|Tom &amp; Jerry}}</p>' }, { type: 'button', id: 'b', text: 'Go {{first_name|"you" & me}}', href: 'https://tea.example.com', align: 'center' });
    const { html, text } = (await compileEmail(d, context())).personalize({}, hooks);
    expect(html).toContain('Dear Tom &amp; Jerry');
    expect(html).toContain('Go &quot;you&quot; &amp; me');
    expect(text).toContain('Dear Tom & Jerry');
  });
});

describe('compileEmail: text sanitising', () => {
  it('drops scripts, event handlers, javascript: links and styles other than colour', async () => {
    const html =
      '<p onclick="steal()">Hello <script>alert(1)</script><a href="javascript:alert(2)">bad</a> ' +
      '<a href="https://tea.example.com/ok" onmouseover="x()">ok</a> <a href="/relative">rel</a> ' +
      '<span style="color:#ff0000;position:fixed">red</span><img src="x" onerror="alert(3)"><iframe src="https://evil.example"></iframe><b>bold</b></p>';
    const compiled = await compileEmail(doc({ type: 'text', id: 't', align: 'left', html }), context());
    const out = compiled.personalize({}, hooks).html;
    for (const bad of ['<script', 'alert(', 'steal', 'onclick', 'onmouseover', 'onerror', 'javascript:', 'position:fixed', '<iframe', '/relative', 'src="x"']) {
      expect(out).not.toContain(bad);
    }
    expect(out).toContain('<span style="color:#ff0000">red</span>');
    expect(out).toContain('<b>bold</b>');
    expect(compiled.links).toEqual(['https://tea.example.com/ok']);
  });
});

describe('compileEmail: content cannot break out into MJML or HTML', () => {
  it('keeps MJML and HTML written as text as text', async () => {
    const d = doc(
      { type: 'text', id: 't', align: 'left', html: '<p>a &lt;/mj-text&gt;<mj-raw><script>alert(1)</script></mj-raw></p>' },
      { type: 'button', id: 'b', text: '</mj-button><mj-raw><img src=x onerror=alert(2)></mj-raw>', href: 'https://tea.example.com/"onclick="x', align: 'center' },
      { type: 'coupon', id: 'c', code: '<b>X</b>', discount: 0, description: '' },
    );
    const compiled = await compileEmail(d, context({ store: { name: 'A "quoted" <store>', homepageUrl: 'https://tea.example.com' } }));
    const { html } = compiled.personalize({}, hooks);
    expect(html).not.toMatch(/<script|<img src=x|<b>X<\/b>|<mj-/);
    expect(html).toContain('&lt;/mj-button&gt;&lt;mj-raw&gt;');
    expect(html).toContain('&lt;b&gt;X&lt;/b&gt;');
    expect(html).toContain('A &quot;quoted&quot; &lt;store&gt;');
    expect(compiled.links).toEqual(['https://tea.example.com/"onclick="x']);
    expect(html).toContain('href="https://mail.example.com/c/tok/0"');
    expect(html).not.toContain('onclick');
  });
});

describe('compileEmail: validation and size', () => {
  it('throws a clear error naming the block', async () => {
    const bad = { version: 1, blocks: [{ type: 'header', id: 'h' }, { type: 'button', id: 'b', text: '  ', href: 'https://tea.example.com' }, { type: 'footer', id: 'f' }] };
    const error = await compileEmail(bad as never, context()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmailDocError);
    expect(error).toMatchObject({ key: 'errors.content.buttonText', blockIndex: 1, blockType: 'button' });
    expect((error as Error).message).toContain('block 2 (button)');

    const javascriptImage = { version: 1, blocks: [{ type: 'image', id: 'i', src: 'javascript:alert(1)' }, { type: 'footer', id: 'f' }] };
    await expect(compileEmail(javascriptImage as never, context())).rejects.toMatchObject({ key: 'errors.content.link', blockIndex: 0, blockType: 'image' });

    const noFooter = { version: 1, blocks: [{ type: 'divider', id: 'd' }] };
    await expect(compileEmail(noFooter as never, context())).rejects.toMatchObject({ key: 'errors.content.footer', blockIndex: null });

    const unknown = { version: 1, blocks: [{ type: 'video', id: 'v' }, { type: 'footer', id: 'f' }] };
    await expect(compileEmail(unknown as never, context())).rejects.toMatchObject({ key: 'errors.content.invalid', blockIndex: 0, blockType: 'video' });

    const badStyle = { ...context().style, button_bg_color: 'red' };
    await expect(compileEmail(fullDoc, context({ style: badStyle }))).rejects.toMatchObject({ key: 'errors.content.colour', blockIndex: null });
  });

  it("warns when the e-mail is over Gmail's 102 KB clipping size", async () => {
    const small = await compileEmail(fullDoc, context());
    expect(small.warnings).toEqual([]);
    expect(small.sizeBytes).toBeGreaterThan(10_000);
    expect(small.sizeBytes).toBeLessThan(102 * 1024);
    const paragraph = `<p>${'Fresh spring tea, picked by hand. '.repeat(560)}</p>`; // ~19 KB each
    const big = await compileEmail(doc(...Array.from({ length: 6 }, (_, i) => ({ type: 'text' as const, id: `t${i}`, align: 'left' as const, html: paragraph }))), context());
    expect(big.sizeBytes).toBeGreaterThan(102 * 1024);
    expect(big.warnings).toEqual(['errors.content.tooLarge']);
  });
});

describe('renderPreview', () => {
  it('shows a sample recipient, real destinations and no pixel', async () => {
    const preview = await renderPreview(fullDoc, context({ utm: { source: 's', medium: 'm', campaign: 'c' } }));
    expect(preview.subject).toBe('Hello Alex');
    expect(preview.html).toContain('href="https://tea.example.com/shop?utm_source=s&amp;utm_medium=m&amp;utm_campaign=c"');
    expect(preview.html).toContain('<a href="#"');
    expect(preview.html).not.toContain('width="1" height="1"');
    expect(preview.links.length).toBe(8);
    const zh = await renderPreview(fullDoc, context({ locale: 'zh-CN' }), { recipient: { first_name: '美' } });
    expect(zh.subject).toBe('Hello 美');
  });
});

describe('personalize speed', () => {
  it('personalises 10,000 recipients by concatenation', async () => {
    const compiled = await compileEmail(fullDoc, context({ utm: { source: 's', medium: 'm', campaign: 'c' } }));
    const started = performance.now();
    let bytes = 0;
    for (let i = 0; i < 10_000; i++) {
      const out = compiled.personalize(
        { first_name: `Name${i}`, email: `r${i}@example.com` },
        { unsubscribeUrl: `https://mail.example.com/u/${i}`, openPixelUrl: `https://mail.example.com/o/${i}`, linkUrl: (k) => `https://mail.example.com/c/${i}/${k}` },
      );
      bytes += out.html.length + out.text.length;
      if (i === 9_999) expect(out.html).toContain('Hi Name9999, our');
    }
    const ms = performance.now() - started;
    console.log(`personalize: 10000 recipients in ${ms.toFixed(0)} ms (${((ms * 1000) / 10_000).toFixed(1)} us each, ${(bytes / 1e6).toFixed(0)} MB)`);
    expect(ms).toBeLessThan(20_000); // a bound no machine should miss; the figure above is the measure
  });
});

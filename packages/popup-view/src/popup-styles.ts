import type { PopupContent } from '@storecast/contract';

/**
 * The pop-up's style sheet. It lives in the shadow root, so the shop's rules match none of its
 * elements; but what the shop sets on the host element (`* {…}` matches it, and beats `:host`)
 * is inherited, so the overlay starts again from `all: initial` and then sets its own values
 * (its colours too, so the shop cannot set them on the host). Colours arrive as custom
 * properties checked against `#rrggbb` (anything else falls back), so content never writes CSS
 * of its own. Sizes answer the overlay's width through a container query: the admin's preview
 * frame and a phone's viewport read the same rules.
 */
const HEX = /^#[0-9a-fA-F]{6}$/;
const pick = (value: string | undefined, fallback: string) => (value && HEX.test(value) ? value : fallback);

export function popupCss(content: PopupContent, preview: boolean): string {
  const c = content.colors ?? ({} as PopupContent['colors']);
  const radius = Math.max(0, Math.min(32, Math.round(Number(content.radius) || 0)));
  const vars = `--bg:${pick(c.background, '#ffffff')};--fg:${pick(c.text, '#1f1f1f')};--accent:${pick(c.accent, '#1677ff')};` +
    `--on-accent:${pick(c.button_text, '#ffffff')};--r:${radius}px;--rs:${Math.min(radius, 10)}px;`;
  return `
:host{all:initial;${preview ? 'display:block;position:relative;width:100%;height:100%;min-height:320px;overflow:hidden;' : ''}}
*{box-sizing:border-box;margin:0;padding:0;font:inherit;color:inherit}
.overlay{all:initial;direction:ltr;box-sizing:border-box;${vars}position:${preview ? 'absolute' : 'fixed'};inset:0;z-index:2147483600;display:flex;align-items:center;justify-content:center;
container-type:inline-size;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"PingFang SC","Microsoft YaHei",sans-serif;
font-size:15px;line-height:1.5;color:var(--fg)}
.backdrop{background:rgba(0,0,0,.55)}
.passive{pointer-events:none}
.dialog{pointer-events:auto;position:relative;background:var(--bg);color:var(--fg);border-radius:var(--r);
box-shadow:0 12px 40px rgba(0,0,0,.28);margin:16px;width:calc(100% - 32px);max-width:440px;max-height:calc(100% - 32px);overflow:auto;display:flex;flex-direction:column}
.dialog.wide{max-width:720px;flex-direction:row}
.media{flex:none;overflow:hidden;background:var(--accent)}
.media img{display:block;width:100%;height:100%;object-fit:cover}
.top .media{height:180px}
.wide .media{width:42%;min-height:320px}
.body{padding:32px 28px 28px;display:flex;flex-direction:column;gap:14px;flex:1;min-width:0}
h2{font-size:24px;line-height:1.25;font-weight:700;padding-right:28px;overflow-wrap:anywhere}
.lead{opacity:.88;overflow-wrap:anywhere}
form{display:flex;flex-direction:column;gap:12px}
.field{display:flex;flex-direction:column;gap:4px}
label.name{font-size:13px;font-weight:600}
input[type=email],input[type=tel]{width:100%;height:44px;padding:0 12px;border:1px solid rgba(0,0,0,.35);border-radius:var(--rs);
background:#fff;color:#1f1f1f;font-size:16px}
input[aria-invalid=true]{border:2px solid #cf1322}
.consent{display:flex;gap:8px;align-items:flex-start;font-size:13px;line-height:1.45}
.consent input{flex:none;width:18px;height:18px;margin-top:1px;accent-color:var(--accent)}
.error{font-size:13px;font-weight:600}
.error:empty{display:none}
.error:not(:empty)::before{content:"⚠ "}
button{cursor:pointer;border:0;background:none}
.primary{height:46px;padding:0 20px;border-radius:var(--rs);background:var(--accent);color:var(--on-accent);font-weight:700;font-size:16px}
.primary[disabled]{opacity:.7;cursor:progress}
.close{position:absolute;top:8px;right:8px;width:36px;height:36px;border-radius:50%;font-size:24px;line-height:36px;text-align:center;color:var(--fg);z-index:1}
.wide .close,.top .close{background:var(--bg)}
.close:hover{background:rgba(127,127,127,.18)}
:focus-visible{outline:3px solid var(--fg);outline-offset:2px}
input:focus-visible{outline:3px solid var(--accent);outline-offset:1px}
.hp{position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden}
.coupon{display:flex;align-items:center;gap:8px;border:2px dashed var(--accent);border-radius:var(--rs);padding:10px 12px;background:rgba(127,127,127,.08)}
.coupon code{flex:1;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:20px;font-weight:700;letter-spacing:.06em;overflow-wrap:anywhere}
.coupon button{height:36px;padding:0 14px;border-radius:var(--rs);border:1px solid currentColor;font-weight:600}
.small{font-size:13px;opacity:.88}
.corner{justify-content:flex-end;align-items:flex-end}
.corner .dialog{max-width:380px}
.corner .body{padding:24px 20px 20px}
.corner h2{font-size:20px}
.bar{align-items:flex-end}
.bar .dialog{margin:0;width:100%;max-width:none;max-height:100%;border-radius:var(--r) var(--r) 0 0}
.bar .body{flex-direction:row;align-items:center;gap:24px;padding:18px 56px 18px 28px}
.bar .text{flex:1;display:flex;flex-direction:column;gap:4px}
.bar h2{font-size:20px;padding:0}
.bar form{flex:1.2;max-width:560px}
.bar .row{display:flex;gap:8px;align-items:flex-end}
.bar .row .field{flex:1}
.full{background:var(--bg)}
.full .dialog{box-shadow:none;max-width:560px;text-align:center;background:transparent}
.full .dialog.wide{max-width:860px}
.full .body{padding:40px 24px;gap:18px}
.full h2{font-size:34px;padding:0}
.full .consent{text-align:left}
.text{display:flex;flex-direction:column;gap:8px}
@container (max-width:560px){
.dialog.wide{flex-direction:column}
.wide .media{width:auto;min-height:0;height:150px}
.bar .body{flex-direction:column;align-items:stretch;gap:12px;padding:18px 20px 20px}
.bar .row{flex-direction:column;align-items:stretch}
.bar h2{padding-right:36px}
.full h2{font-size:26px}
}
@container (max-width:420px){
.dialog{margin:10px;width:calc(100% - 20px);max-height:calc(100% - 20px)}
.body{padding:28px 18px 20px}
h2{font-size:21px}
.top .media{height:130px}
.corner .dialog,.bar .dialog{margin:0;width:100%;max-width:none;max-height:100%;border-radius:var(--r) var(--r) 0 0}
}
@media (prefers-reduced-motion:no-preference){.enter{animation:in .22s ease-out}@keyframes in{from{opacity:0;transform:translateY(12px)}}}
`;
}

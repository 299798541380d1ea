/**
 * The lucky draw's style sheet, in its shadow root, starting again from `all: initial` as the
 * pop-up's does, so the shop's rules neither reach in nor get changed. The campaign's colours
 * arrive checked against `#rrggbb`: the theme colour fills the board and the button, the font
 * colour writes on it; every other slice of the wheel is white with the theme colour's text, and
 * the last of an odd number a light tint of the theme, so it does not merge with the first.
 */
const HEX = /^#[0-9a-fA-F]{6}$/;
const pick = (value: string, fallback: string) => (HEX.test(value) ? value : fallback);

/** One reel line's height: the reels move by whole lines. */
export const ITEM_PX = 48;

export function drawCss(theme: string, font: string, modal: boolean): string {
  const vars = `--theme:${pick(theme, '#1677ff')};--on:${pick(font, '#ffffff')};--alt:#ffffff;--tint:color-mix(in srgb,var(--theme) 22%,#ffffff);`;
  return `
:host{all:initial;display:${modal ? 'contents' : 'block'}}
*{box-sizing:border-box;margin:0;padding:0;font:inherit;color:inherit}
.overlay{position:fixed;inset:0;z-index:2147483600;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.55)}
.panel{all:initial;box-sizing:border-box;${vars}direction:ltr;position:relative;display:flex;flex-direction:column;align-items:stretch;gap:14px;
width:100%;max-width:400px;margin:0 auto;padding:24px 20px;background:#fff;color:#1f1f1f;border-radius:12px;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,"PingFang SC","Microsoft YaHei",sans-serif;font-size:15px;line-height:1.5}
.overlay .panel{margin:10px;width:calc(100% - 20px);max-height:calc(100% - 20px);overflow:auto;box-shadow:0 12px 40px rgba(0,0,0,.28)}
.banner{display:block;width:100%;max-height:160px;object-fit:cover;border-radius:8px}
h2{font-size:22px;font-weight:700;line-height:1.3;text-align:center;padding:0 28px;overflow-wrap:anywhere}
.wheel{position:relative;width:280px;height:280px;margin:8px auto 0}
.disc{position:absolute;inset:0;border-radius:50%;border:6px solid var(--theme);overflow:hidden;box-shadow:0 4px 16px rgba(0,0,0,.2)}
.seg{position:absolute;left:50%;top:50%;width:122px;margin-top:-9px;padding:0 6px 0 30px;height:18px;font-size:12px;font-weight:600;line-height:18px;
text-align:center;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;color:var(--on);transform-origin:0 50%}
.seg.alt,.seg.tint{color:var(--theme)}
.seg.flip{left:auto;right:50%;padding:0 30px 0 6px;transform-origin:100% 50%}
.pointer{position:absolute;left:50%;top:-10px;z-index:1;margin-left:-12px;width:0;height:0;border:12px solid transparent;border-top:22px solid #1f1f1f}
.grid{display:grid;gap:6px;width:100%;max-width:330px;margin:0 auto}
.cell{display:flex;align-items:center;justify-content:center;min-height:64px;padding:4px;border-radius:8px;background:var(--alt);color:var(--theme);
border:2px solid var(--theme);font-size:13px;font-weight:600;text-align:center;overflow-wrap:anywhere}
.cell.on{background:var(--theme);color:var(--on);box-shadow:0 0 0 3px rgba(0,0,0,.25)}
.reels{display:flex;gap:8px;justify-content:center;padding:12px;border-radius:10px;background:var(--theme)}
.reel{flex:1;max-width:110px;height:${ITEM_PX}px;overflow:hidden;border-radius:6px;background:#fff;color:#1f1f1f}
.item{height:${ITEM_PX}px;line-height:${ITEM_PX}px;padding:0 6px;text-align:center;font-size:13px;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
form{display:flex;flex-direction:column;gap:10px}
.field{display:flex;flex-direction:column;gap:4px}
label{font-size:13px;font-weight:600}
input{width:100%;height:44px;padding:0 12px;border:1px solid rgba(0,0,0,.35);border-radius:8px;background:#fff;color:#1f1f1f;font-size:16px}
input[aria-invalid=true]{border:2px solid #cf1322}
button{cursor:pointer;border:0;background:none}
.play{min-height:46px;padding:0 20px;border-radius:8px;background:var(--theme);color:var(--on);font-weight:700;font-size:16px}
.grid .play{min-height:0;border-radius:8px}
.play[disabled]{opacity:.7;cursor:progress}
.close{position:absolute;top:8px;right:8px;width:36px;height:36px;border-radius:50%;font-size:24px;line-height:36px;text-align:center}
.close:hover{background:rgba(127,127,127,.18)}
:focus-visible{outline:3px solid var(--theme);outline-offset:2px}
.error{font-size:13px;font-weight:600;color:#cf1322}
.error:empty,.result:empty{display:none}
.hp{position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden}
.result{display:flex;flex-direction:column;gap:8px;text-align:center}
.headline{font-size:18px;font-weight:700;overflow-wrap:anywhere}
.small{font-size:13px;opacity:.88}
.coupon{display:flex;align-items:center;gap:8px;border:2px dashed var(--theme);border-radius:8px;padding:10px 12px}
.coupon code{flex:1;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:20px;font-weight:700;letter-spacing:.06em;overflow-wrap:anywhere}
.coupon button{height:36px;padding:0 14px;border-radius:8px;border:1px solid currentColor;font-weight:600}
`;
}

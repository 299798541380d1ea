/** Attributes of `h`: a string is set as it is, `true` as an empty attribute, anything else left out. */
export type Attrs = Record<string, string | boolean | undefined>;

/** One element with its attributes and children, for the pop-up's and the draw's DOM (no framework here). */
export function h(tag: string, attrs: Attrs = {}, ...children: (Node | string | null | false)[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === true) el.setAttribute(k, '');
    else if (typeof v === 'string') el.setAttribute(k, v);
  }
  for (const child of children) if (child) el.append(child);
  return el;
}

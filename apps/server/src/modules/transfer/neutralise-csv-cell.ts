/**
 * A spreadsheet opening a CSV runs a cell that starts with `=`, `+`, `-` or `@` as a formula
 * (tab and carriage return lead to the same on some programs), so a shopper who typed
 * `=HYPERLINK(...)` as their name would have it run on the store owner's machine. Such a cell
 * is written with a single quote in front (OWASP's advice), which spreadsheets show as part of
 * the text and never evaluate. A plain number (`-12.5`, `+8613800138000`) cannot run anything
 * and is what phone numbers and amounts look like, so it is left as it is.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export function neutraliseCsvCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * The reverse, for reading a CSV back: a quote this product put in front of a formula-like
 * value is removed again, so an export imports back unchanged.
 */
export function restoreCsvCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) && !PLAIN_NUMBER.test(value.slice(1)) ? value.slice(1) : value;
}

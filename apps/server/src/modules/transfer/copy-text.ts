const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_SPECIALS = /[\\\t\n\r]/g;
const escapeCopy = (c: string) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r');

/** A value in COPY's text format; most cells need no escaping, so that is checked first. */
export const copyText = (v: string | null) => (v === null ? '\\N' : COPY_SPECIAL.test(v) ? v.replace(COPY_SPECIALS, escapeCopy) : v);

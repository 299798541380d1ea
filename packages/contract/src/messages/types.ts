/**
 * The shape another language must fill: every key of the zh-CN source, each text widened to
 * `string`, so a missing, extra or misspelled key fails the type check.
 */
export type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

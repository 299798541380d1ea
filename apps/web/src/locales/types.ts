/** The shape of a catalogue with every string widened, so en-US must have zh-CN's exact keys. */
export type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

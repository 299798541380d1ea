/** Segment Send's name as a delivery source: carried by its deliver jobs, so it never changes. */
export const SEGMENT_SEND = 'segment-send';

// What other features use of the brand (the route table loads its pages from pages.ts).
// The store's coupon presets, for e-mails that carry a coupon (Segment Send's editor).
export { useCouponPresets } from './queries.ts';
// The image picker with the upload rules (type, under 2 MB), for pages that upload an image.
export { ImageUploadButton } from './image-upload-button.tsx';

import { nonceCreatedStyles } from './nonce-created-styles.ts';

// Imported first by main.tsx, before the app renders, so the style elements antd and its helpers
// create carry the page's nonce. (zod's part is public/zod-jitless.js, which must run earlier.)
nonceCreatedStyles();

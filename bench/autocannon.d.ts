// autocannon ships no types; info.ts types the part it uses.
declare module 'autocannon';

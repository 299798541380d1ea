// Runs before the admin's modules. zod decides, when a schema is built, whether to compile fast
// parsers with `new Function`, probing it once; under the admin's policy (no 'unsafe-eval') that
// probe is reported as a violation. zod reads this shared object when it loads, and a module of
// the app could not set it in time, as the contract's schemas are built while their chunk loads.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

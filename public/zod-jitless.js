// zod 4 compiles object parsers with `new Function` where it may, and finds out whether it may by
// trying once when the first object schema is built. The page's Content-Security-Policy has no
// 'unsafe-eval' (server/plugins/security-headers.ts), so that try is refused and reported as a
// violation although zod catches it. `jitless` (zod's option for strict CSPs) skips the compiler
// and the try; schemas validate the same way, interpreted. It must be set before zod's module is
// evaluated, which a bundle's chunk order cannot promise for an import, so it is this classic
// script that index.html runs before the module scripts; zod reads its config from this global.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
